import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { patientCount, type PatientBulkBody } from '@baridesk/contracts';
import { formatAmount, pageCount, stageLabel, type StageId } from '@baridesk/domain';
import { Box, Button, HStack, PageFrame, Stack, Text } from '@baridesk/ui';
import { SearchBox } from '@baridesk/ui/lists';
import { useConfirm, type ConfirmOptions } from '@baridesk/ui/overlays';
import { useBulkUpdatePatients } from '../api/bulk-update-patients';
import { usePatientExport } from '../api/export-patients';
import { usePatients } from '../api/get-patients';
import { usePreLoadFilters } from '../api/get-pre-load-filters';
import { usePatientSearch } from '../hooks/use-patient-search';
import { usePatientSelection } from '../hooks/use-patient-selection';
import { activeFilterCount, hasActiveFilters } from '../utils/patient-search';
import { PatientColumnPicker } from './patient-column-picker';
import { PatientBulkBar } from './patient-bulk-bar';
import { PatientFilters } from './patient-filters';
import { PatientTable } from './patient-table';

/**
 * The list's count, naming what it counts: the dashboard's figures count active patients only, and the
 * list without a status filter counts the inactive ones too.
 */
function countText(total: number, status: string | undefined) {
  const patients = `${total === 1 ? 'patient' : 'patients'}`;
  if (status === '1') return `${formatAmount(total)} active ${patients}`;
  if (status === '0') return `${formatAmount(total)} inactive ${patients}`;
  return `${formatAmount(total)} ${patients}, active and inactive`;
}

/**
 * /manage-patients: the program's patients, searched, filtered, sorted and paged by the server; the
 * ticked patients can be tagged, moved to a stage or exported together, and the whole list exported.
 */
export function PatientListScreen() {
  const { search, setSearch, setFilter, clearFilters, setSort, setPage, setPerPage, setColumnShown } = usePatientSearch();
  const patients = usePatients(search);
  const choices = usePreLoadFilters();
  const selection = usePatientSelection(search);
  const bulk = useBulkUpdatePatients();
  const exporter = usePatientExport();
  const { confirm, dialog } = useConfirm();
  const filtered = hasActiveFilters(search);
  const page = patients.data;
  const total = page?.total ?? 0;
  const selected = selection.patientIds.length;

  // A restored page past the end (patients removed since): show the last page that has rows.
  const pastTheEnd = page !== undefined && !patients.isPlaceholderData && page.data.length === 0 && page.total > 0 && search.page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(pageCount(total, search.perPage), 1));
  }, [pastTheEnd, total, search.perPage, setPage]);

  /** Asks first; then the change, the server's message, a fresh list and an empty selection. */
  async function changeSelected(body: PatientBulkBody, question: Omit<ConfirmOptions, 'destructive'>) {
    if (!(await confirm({ ...question, destructive: false }))) return;
    try {
      const answer = await bulk.mutateAsync(body);
      notifySuccess(answer.message);
      selection.clear();
    } catch (error) {
      notifyError(error);
    }
  }

  const addTag = (tag: { id: number; name: string }) =>
    changeSelected(
      { ids: selection.patientIds, action: 'add_tag', tag_id: tag.id },
      { title: 'Add tag', message: `Add the tag “${tag.name}” to ${patientCount(selected)}?`, confirmLabel: 'Add tag' },
    );
  const changeStage = (stage: StageId) =>
    changeSelected(
      { ids: selection.patientIds, action: 'change_stage', stage },
      { title: 'Change stage', message: `Move ${patientCount(selected)} to ${stageLabel(stage)}?`, confirmLabel: 'Change stage' },
    );

  return (
    <PageFrame
      title="Patients"
      actions={
        <>
          <Button
            variant="outline"
            colorPalette="gray"
            disabled={total === 0 || exporter.running}
            onClick={() => void exporter.download(search)}
          >
            Export to Excel
          </Button>
          <Button asChild colorPalette="brand">
            <RouterLink to="/add-patient">Add Patient</RouterLink>
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {exporter.banner}
        <Box maxW="md">
          <SearchBox label="Search patients" value={search.search} placeholder="Name, e-mail, phone or MRN" onCommit={setSearch} />
        </Box>
        <PatientFilters
          activeCount={activeFilterCount(search)}
          values={search.filters}
          onChange={setFilter}
          onClear={clearFilters}
          canClear={filtered}
          choices={choices.data}
          choicesFailed={choices.isError}
        />
        {patients.isError ? (
          <HStack role="alert" gap="3" p="3" borderWidth="1px" borderColor="border.error" borderRadius="md" bg="bg.error" wrap="wrap">
            <Text color="fg.error">{patients.error.message}</Text>
            <Button size="sm" variant="outline" onClick={() => void patients.refetch()}>
              Retry
            </Button>
          </HStack>
        ) : null}
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text textStyle="sm" color="fg.muted" aria-live="polite">
            {page ? `${countText(total, search.filters.status)}${selected > 0 ? `, ${formatAmount(selected)} selected` : ''}` : '\u00a0'}
          </Text>
          <PatientColumnPicker columns={search.columns} onChange={setColumnShown} />
        </HStack>
        {selected > 0 ? (
          <PatientBulkBar
            count={selected}
            tags={choices.data?.tags ?? []}
            busy={bulk.isPending || exporter.running}
            onAddTag={(tag) => void addTag(tag)}
            onChangeStage={(stage) => void changeStage(stage)}
            onExport={() => void exporter.download(search, selection.patientIds)}
            onClear={selection.clear}
          />
        ) : null}
        <PatientTable
          search={search}
          rows={page?.data ?? []}
          total={total}
          loading={patients.isFetching}
          emptyText={
            patients.isError ? 'The patients could not be loaded.' : filtered ? 'No patients match the search and filters.' : 'No patients yet.'
          }
          onSortChange={setSort}
          onPageChange={setPage}
          onPerPageChange={setPerPage}
          selectedIds={selection.selectedIds}
          onSelectionChange={selection.setSelectedIds}
        />
      </Stack>
      {dialog}
    </PageFrame>
  );
}

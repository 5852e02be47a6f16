import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, HStack, PageFrame, Stack, Text } from '@baridesk/ui';
import { SearchBox } from '@baridesk/ui/lists';
import { formatAmount, pageCount } from '@baridesk/domain';
import { usePatients } from '../api/get-patients';
import { usePreLoadFilters } from '../api/get-pre-load-filters';
import { usePatientSearch } from '../hooks/use-patient-search';
import { hasActiveFilters } from '../utils/patient-search';
import { PatientFilters } from './patient-filters';
import { PatientTable } from './patient-table';

/** /manage-patients: the program's patients, searched, filtered, sorted and paged by the server. */
export function PatientListScreen() {
  const { search, setSearch, setFilter, clearFilters, setSort, setPage, setPerPage } = usePatientSearch();
  const patients = usePatients(search);
  const choices = usePreLoadFilters();
  const filtered = hasActiveFilters(search);
  const page = patients.data;
  const total = page?.total ?? 0;

  // A restored page past the end (patients removed since): show the last page that has rows.
  const pastTheEnd = page !== undefined && !patients.isPlaceholderData && page.data.length === 0 && page.total > 0 && search.page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(pageCount(total, search.perPage), 1));
  }, [pastTheEnd, total, search.perPage, setPage]);

  return (
    <PageFrame
      title="Patients"
      actions={
        <Button asChild colorPalette="brand">
          <RouterLink to="/add-patient">Add Patient</RouterLink>
        </Button>
      }
    >
      <Stack gap="4">
        <Box maxW="md">
          <SearchBox label="Search patients" value={search.search} placeholder="Name, e-mail, phone or MRN" onCommit={setSearch} />
        </Box>
        <PatientFilters
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
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {page ? `${formatAmount(total)} ${total === 1 ? 'patient' : 'patients'}` : '\u00a0'}
        </Text>
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
        />
      </Stack>
    </PageFrame>
  );
}

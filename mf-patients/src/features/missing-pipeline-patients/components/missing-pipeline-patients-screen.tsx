import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MissingPipelinePatient } from '@baridesk/contracts';
import { formatDate, pageCount, STAGES, stageLabel } from '@baridesk/domain';
import { Button, Flex, Link, PageFrame, Text, VisuallyHidden } from '@baridesk/ui';
import { FilterSelect, QueryDataTable, SearchBox, type DataTableColumn } from '@baridesk/ui/lists';
import { useMissingPipelinePatients } from '../api/get-missing-pipeline-patients';
import { useMissingPatientsSearch } from '../hooks/use-missing-patients-search';
import { toMissingPatientsParams } from '../utils/missing-patients-search';
import { AddToPipelineModal } from './add-to-pipeline-modal';

const STAGE_OPTIONS = STAGES.map((stage) => ({ value: String(stage.id), label: stage.label }));

/**
 * /missing-pipeline-patients (the program's own account): the patients who have no pipeline status,
 * searched, filtered by stage, sorted and paged by the server, each added to the pipeline from its row.
 * The search is kept in browser storage, so the list opens again as it was left.
 */
export default function MissingPipelinePatientsScreen() {
  const { search, setSearch, setFilter, setPage, tableProps } = useMissingPatientsSearch();
  const query = useMissingPipelinePatients(toMissingPatientsParams(search));
  const [adding, setAdding] = useState<MissingPipelinePatient | null>(null);
  const filtered = search.search.trim() !== '' || search.filters.stage !== undefined;

  // A restored page past the end (patients added since): show the last page that has rows.
  const page = query.data?.data;
  const pastTheEnd = page !== undefined && !query.isPlaceholderData && page.data.length === 0 && page.total > 0 && search.page > 1;
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(pageCount(page.total, search.perPage), 1));
  }, [pastTheEnd, page?.total, search.perPage, setPage]);

  const columns: DataTableColumn<MissingPipelinePatient>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (patient) => (
        <Link asChild>
          <RouterLink to={`/patient-detail/${patient.id}`}>{patient.name}</RouterLink>
        </Link>
      ),
    },
    { key: 'email', header: 'Email', render: (patient) => patient.email ?? '' },
    { key: 'current_stage', header: 'Stage', sortable: true, render: (patient) => stageLabel(patient.current_stage) },
    { key: 'surgery_date', header: 'Surgery date', render: (patient) => formatDate(patient.surgery_date) },
    { key: 'created_at', header: 'Added', sortable: true, render: (patient) => formatDate(patient.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (patient) => (
        <Button size="xs" variant="outline" onClick={() => setAdding(patient)}>
          Add to pipeline<VisuallyHidden>{` ${patient.name}`}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title="Missing Pipeline Patients">
      <Text color="fg.muted" mb="4">
        These patients have no pipeline status, so the board does not show them. Add each to a status of their stage.
      </Text>
      <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
        <SearchBox label="Search patients" hideLabel placeholder="Search patients…" maxW="sm" value={search.search} onCommit={setSearch} />
        <FilterSelect
          label="Stage"
          hideLabel
          anyLabel="All stages"
          width="52"
          value={search.filters.stage ?? ''}
          options={STAGE_OPTIONS}
          onChange={(value) => setFilter('stage', value)}
        />
      </Flex>
      <QueryDataTable
        query={query}
        errorTitle="The patients could not be loaded."
        caption="Patients with no pipeline status"
        columns={columns}
        getRowId={(patient) => patient.id}
        {...tableProps}
        emptyText={filtered ? 'No patients match the search.' : 'Every patient has a pipeline status.'}
      />
      {adding ? <AddToPipelineModal patient={adding} onClose={() => setAdding(null)} /> : null}
    </PageFrame>
  );
}

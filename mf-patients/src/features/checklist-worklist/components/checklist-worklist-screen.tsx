import { useId, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  CHECKLIST_ITEM_FILTERS,
  CHECKLIST_ITEM_SORTS,
  type ChecklistItemFilter,
  type ChecklistStageNamesResponse,
  type ChecklistWorklistItem,
} from '@baridesk/contracts';
import { formatDate, isStageId, stageLabel, type StageId } from '@baridesk/domain';
import { Badge, Button, Flex, Group, HStack, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { QueryDataTable, SearchBox, listQueryParams, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useChecklistItems } from '../api/get-checklist-items';

const FILTER_LABELS: Record<ChecklistItemFilter, string> = { open: 'Open', overdue: 'Overdue', completed: 'Done' };
const EMPTY: Record<ChecklistItemFilter, string> = {
  open: 'No open items: every item of these checklists is done.',
  overdue: 'No overdue items.',
  completed: 'No items are done yet.',
};

const isFilter = (value: string | undefined): value is ChecklistItemFilter => (CHECKLIST_ITEM_FILTERS as readonly string[]).includes(value ?? '');

export type ChecklistWorklistScreenProps = {
  /** The program's checklist names (GET /api/checklist/stage-names); the stage's own name until given. */
  stageNames?: ChecklistStageNamesResponse['data'];
  /** The box that ticks a row's item: the app composes the patient checklist's own there. */
  renderTick: (row: ChecklistWorklistItem) => ReactNode;
};

/**
 * /checklist-items/:tempStage (the stage, 1 to 3): the stage's checklist items across the program's
 * patients now in that stage with an active checklist; open, overdue or done; searched, sorted, paged
 * by the server; ticked from the row.
 */
export function ChecklistWorklistScreen({ stageNames, renderTick }: ChecklistWorklistScreenProps) {
  const { tempStage = '' } = useParams();
  const asNumber = /^\d$/.test(tempStage) ? Number(tempStage) : null;
  const stage = isStageId(asNumber) ? asNumber : null;
  if (stage === null) {
    return (
      <PageFrame title="Checklist Items">
        <Text role="alert">
          This address does not name a checklist.{' '}
          <Link asChild>
            <RouterLink to="/checklist-templates">Back to the checklist templates</RouterLink>
          </Link>
        </Text>
      </PageFrame>
    );
  }
  const name = stageNames?.find((entry) => entry.stage === stage)?.name ?? stageLabel(stage);
  return (
    <PageFrame
      title={`${name} checklist items`}
      actions={
        <Button asChild variant="outline" colorPalette="gray">
          <RouterLink to={`/checklist-templates?stage=${stage}`}>{`${name} templates`}</RouterLink>
        </Button>
      }
    >
      {/* Another stage starts again from page 1, open items, no search. */}
      <WorklistTable key={stage} stage={stage} checklistName={name} renderTick={renderTick} />
    </PageFrame>
  );
}

type WorklistTableProps = { stage: StageId; checklistName: string; renderTick: (row: ChecklistWorklistItem) => ReactNode };

function WorklistTable({ stage, checklistName, renderTick }: WorklistTableProps) {
  const list = useListParams({ sort: 'due_date', direction: 'asc' });
  const status: ChecklistItemFilter = isFilter(list.filters.status) ? list.filters.status : 'open';
  const params = listQueryParams(list, CHECKLIST_ITEM_SORTS, 'due_date');
  const query = useChecklistItems({ stage, status, ...params });
  const filterLabelId = useId();

  const columns: DataTableColumn<ChecklistWorklistItem>[] = [
    { key: 'done', header: 'Done', width: '4rem', render: renderTick },
    {
      key: 'patient',
      header: 'Patient',
      sortable: true,
      render: (row) => (
        <Link asChild>
          <RouterLink to={`/checklists/${row.patient_id}?stage=${stage}`}>{row.patient_name}</RouterLink>
        </Link>
      ),
    },
    { key: 'title', header: 'Item', sortable: true },
    { key: 'template_name', header: 'Template', render: (row) => row.template_name ?? 'Added for this patient' },
    {
      key: 'due_date',
      header: 'Due date',
      sortable: true,
      render: (row) => (
        <HStack gap="2" wrap="wrap">
          <Text as="span">{row.due_date ? formatDate(row.due_date) : 'No due date'}</Text>
          {row.overdue ? <Badge colorPalette="red">Overdue</Badge> : null}
        </HStack>
      ),
    },
    {
      key: 'completed_at',
      header: 'Done by',
      sortable: true,
      render: (row) =>
        row.completed_at ? `${row.completed_by?.name ?? 'A former staff member'} on ${formatDate(row.completed_at)}` : 'Not done',
    },
  ];

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Stack gap="1">
          <Text id={filterLabelId} textStyle="sm" fontWeight="medium">
            Show
          </Text>
          <Group role="group" aria-labelledby={filterLabelId} attached>
            {CHECKLIST_ITEM_FILTERS.map((filter) => (
              <Button
                key={filter}
                size="sm"
                variant={filter === status ? 'solid' : 'outline'}
                aria-pressed={filter === status}
                onClick={() => list.setFilter('status', filter === 'open' ? '' : filter)}
              >
                {FILTER_LABELS[filter]}
              </Button>
            ))}
          </Group>
        </Stack>
        <SearchBox
          label="Search patients or items"
          hideLabel
          placeholder="Search patients or items…"
          maxW="sm"
          value={list.search}
          onCommit={list.setSearch}
        />
      </Flex>
      <QueryDataTable
        query={query}
        errorTitle="The checklist items could not be loaded."
        caption={`${FILTER_LABELS[status]} ${checklistName} checklist items`}
        columns={columns}
        getRowId={(row) => row.id}
        {...list.tableProps}
        emptyText={params.search ? 'No items match your search.' : EMPTY[status]}
      />
    </Stack>
  );
}

import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { CHECKLIST_TEMPLATE_SORTS, PIPELINE_STAGE_IDS, type ChecklistTemplate } from '@baridesk/contracts';
import { formatAmount, formatDate, type StageId } from '@baridesk/domain';
import { Badge, Button, HStack, PageFrame, Text } from '@baridesk/ui';
import {
  QueryDataTable,
  RecordListFilters,
  RowMoreMenu,
  listQueryParams,
  statusFilterValue,
  statusToggleColumn,
  useDeleteWithConfirm,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { Tabs } from '@baridesk/ui/overlays';
import { useDeleteChecklistTemplate } from '../api/delete-checklist-template';
import { checklistNameOf, useChecklistStageNames } from '../api/get-checklist-stage-names';
import { useChecklistTemplates } from '../api/get-checklist-templates';
import { useToggleChecklistTemplateStatus } from '../api/toggle-checklist-template-status';
import { stageParamOf } from '../../../utils/stage-param';

/**
 * /checklist-templates: a program's checklist templates, one tab per stage named like its checklist (the
 * third by the program). The tab is in the address (?stage=), so the form comes back to it.
 */
export default function ChecklistTemplatesScreen() {
  const [params, setParams] = useSearchParams();
  const stage = stageParamOf(params.get('stage')) ?? 1;
  const names = useChecklistStageNames();
  const nameOf = (id: StageId) => checklistNameOf(names.data, id);

  return (
    <PageFrame
      title="Checklist Templates"
      actions={
        <>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={`/checklist-items/${stage}`}>{`${nameOf(stage)} checklist items`}</RouterLink>
          </Button>
          <Button asChild>
            <RouterLink to={`/checklist-template/${stage}/store`}>Add Template</RouterLink>
          </Button>
        </>
      }
    >
      <Tabs.Root value={String(stage)} onValueChange={({ value }) => setParams({ stage: value })} variant="line">
        <Tabs.List aria-label="Checklist">
          {PIPELINE_STAGE_IDS.map((id) => (
            <Tabs.Trigger key={id} value={String(id)}>
              {nameOf(id)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={String(stage)} pt="4">
          {/* A stage's list starts at page 1 with no search: its own state per tab. */}
          <TemplateList key={stage} stage={stage} checklistName={nameOf(stage)} />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}

/** One stage's templates, searched, filtered, sorted and paged by the server. */
function TemplateList({ stage, checklistName }: { stage: StageId; checklistName: string }) {
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const params = listQueryParams(list, CHECKLIST_TEMPLATE_SORTS, 'name');
  const query = useChecklistTemplates({ stage, ...params, status: statusFilterValue(statusFilter) });
  const toggle = useToggleChecklistTemplateStatus();
  const remove = useDeleteChecklistTemplate();

  const { askDelete, dialog } = useDeleteWithConfirm<ChecklistTemplate>({
    question: (template) => ({
      title: 'Delete template',
      message:
        `Delete the template "${template.name}"? Patients’ checklists keep the items they already have.` +
        (template.is_default === 1
          ? ` It is the default of the ${checklistName} checklist: patients entering the stage get no items until another template is the default.`
          : ''),
    }),
    remove: (template) => remove.mutateAsync({ id: template.id }),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<ChecklistTemplate>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (template) => (
        <HStack gap="2" wrap="wrap">
          <Text as="span">{template.name}</Text>
          {template.is_default === 1 ? <Badge colorPalette="brand">Default</Badge> : null}
        </HStack>
      ),
    },
    { key: 'item_count', header: 'Items', sortable: true, align: 'end', render: (template) => formatAmount(template.item_count) },
    // The server sorts by name, items or updated only.
    {
      ...statusToggleColumn<ChecklistTemplate>(
        (template) => `${template.name} active`,
        (template) => toggle.mutate({ id: template.id }),
      ),
      sortable: false,
    },
    { key: 'updated_at', header: 'Updated', sortable: true, render: (template) => formatDate(template.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (template) => (
        <HStack gap="2" justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/checklist-template/${template.stage}/edit/${template.id}`} aria-label={`Edit ${template.name}`}>
              Edit
            </RouterLink>
          </Button>
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/checklist-template/${template.stage}/copy/${template.id}`} aria-label={`Copy ${template.name}`}>
              Copy
            </RouterLink>
          </Button>
          <RowMoreMenu name={template.name} onDelete={() => void askDelete(template)} />
        </HStack>
      ),
    },
  ];

  return (
    <>
      <RecordListFilters list={list} searchLabel="Search templates" placeholder="Search templates…" />
      <QueryDataTable
        query={query}
        errorTitle="The templates could not be loaded."
        caption={`${checklistName} checklist templates`}
        columns={columns}
        getRowId={(template) => template.id}
        {...list.tableProps}
        emptyText={params.search || statusFilter ? 'No templates match your search.' : `No ${checklistName} templates yet. Add the first one.`}
      />
      {dialog}
    </>
  );
}

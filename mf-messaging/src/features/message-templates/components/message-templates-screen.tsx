import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MESSAGE_TEMPLATE_SORTS, type MessageTemplate, type MessageTemplateSort } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Badge, Button, Flex, PageFrame, Text } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import {
  DataTable,
  FilterSelect,
  LoadError,
  RowActions,
  SearchBox,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { useDeleteMessageTemplate } from '../api/delete-message-template';
import { useMessageTemplates } from '../api/get-message-templates';
import { MessageTemplateFormModal } from './message-template-form-modal';

const EXCERPT_LENGTH = 80;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text);

const STATUS_FILTERS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const isSort = (key: string): key is MessageTemplateSort => (MESSAGE_TEMPLATE_SORTS as readonly string[]).includes(key);

type Editing = { template?: MessageTemplate } | null;

/** /message-templates: the program's reusable message texts, listed, searched, created, edited and deleted. */
export default function MessageTemplatesScreen() {
  const list = useListParams({ sort: 'title', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const search = list.search.trim();
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();
  const remove = useDeleteMessageTemplate();

  const query = useMessageTemplates({
    page: list.page,
    perPage: list.perPage,
    sort: isSort(list.sort) ? list.sort : 'title',
    direction: list.direction,
    search: search || undefined,
    status: statusFilter === '' ? undefined : statusFilter === '1' ? 1 : 0,
  });
  const rows = query.data?.data.data ?? [];

  const askDelete = async (template: MessageTemplate) => {
    const confirmed = await confirm({
      title: 'Delete template',
      message: `Delete "${template.title}"? It can no longer be picked for patient messages.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      const { message } = await remove.mutateAsync({ id: template.id });
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataTableColumn<MessageTemplate>[] = [
    { key: 'title', header: 'Title', sortable: true },
    {
      key: 'message',
      header: 'Message',
      render: (template) => (
        <Text title={template.message} lineClamp={2} maxW="md">
          {excerpt(template.message)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (template) =>
        template.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>,
    },
    { key: 'updated_at', header: 'Updated', sortable: true, render: (template) => formatDate(template.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (template) => (
        <RowActions name={template.title} onEdit={() => setEditing({ template })} onDelete={() => void askDelete(template)} />
      ),
    },
  ];

  return (
    <PageFrame title="Message Templates" actions={<Button onClick={() => setEditing({})}>Add Template</Button>}>
      <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
        <SearchBox
          label="Search templates"
          hideLabel
          placeholder="Search templates…"
          maxW="sm"
          value={list.search}
          onCommit={list.setSearch}
        />
        <FilterSelect
          label="Status"
          hideLabel
          anyLabel="All statuses"
          width="44"
          value={statusFilter}
          options={STATUS_FILTERS}
          onChange={(value) => list.setFilter('status', value)}
        />
      </Flex>
      {query.isError ? (
        <LoadError title="The templates could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="4" />
      ) : null}
      <DataTable
        caption="Message templates"
        columns={columns}
        rows={rows}
        getRowId={(template) => template.id}
        total={query.data?.data.total ?? 0}
        {...list.tableProps}
        loading={query.isFetching}
        emptyText={search || statusFilter ? 'No templates match your search.' : 'No templates yet. Add the first one.'}
      />
      {editing ? <MessageTemplateFormModal template={editing.template} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </PageFrame>
  );
}

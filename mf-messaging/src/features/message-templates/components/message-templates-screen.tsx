import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MESSAGE_TEMPLATE_SORTS, type MessageTemplate } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Badge, Button, PageFrame, Text } from '@baridesk/ui';
import {
  QueryDataTable,
  RecordListFilters,
  actionsColumn,
  listQueryParams,
  statusFilterValue,
  useDeleteWithConfirm,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { useDeleteMessageTemplate } from '../api/delete-message-template';
import { useMessageTemplates } from '../api/get-message-templates';
import { MessageTemplateFormModal } from './message-template-form-modal';

const EXCERPT_LENGTH = 80;
const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text);

type Editing = { template?: MessageTemplate } | null;

/** /message-templates: the program's reusable message texts, listed, searched, created, edited and deleted. */
export default function MessageTemplatesScreen() {
  const list = useListParams({ sort: 'title', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteMessageTemplate();

  const params = listQueryParams(list, MESSAGE_TEMPLATE_SORTS, 'title');
  const query = useMessageTemplates({ ...params, status: statusFilterValue(statusFilter) });

  const { askDelete, dialog } = useDeleteWithConfirm<MessageTemplate>({
    question: (template) => ({
      title: 'Delete template',
      message: `Delete "${template.title}"? It can no longer be picked for patient messages.`,
    }),
    remove: (template) => remove.mutateAsync({ id: template.id }),
    notifySuccess,
    notifyError,
  });

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
    actionsColumn({
      name: (template) => template.title,
      onEdit: (template) => setEditing({ template }),
      onDelete: (template) => void askDelete(template),
    }),
  ];

  return (
    <PageFrame title="Message Templates" actions={<Button onClick={() => setEditing({})}>Add Template</Button>}>
      <RecordListFilters list={list} searchLabel="Search templates" placeholder="Search templates…" />
      <QueryDataTable
        query={query}
        errorTitle="The templates could not be loaded."
        caption="Message templates"
        columns={columns}
        getRowId={(template) => template.id}
        {...list.tableProps}
        emptyText={params.search || statusFilter ? 'No templates match your search.' : 'No templates yet. Add the first one.'}
      />
      {editing ? <MessageTemplateFormModal template={editing.template} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </PageFrame>
  );
}

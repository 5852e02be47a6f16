import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { QUOTE_SORTS, type Quote } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Box, Button, PageFrame, Text } from '@baridesk/ui';
import {
  QueryDataTable,
  SearchBox,
  actionsColumn,
  listQueryParams,
  statusToggleColumn,
  useDeleteWithConfirm,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotes } from '../api/get-quotes';
import { useToggleQuoteStatus } from '../api/toggle-quote-status';
import { QuoteFormModal } from './quote-form-modal';

type Editing = { quote?: Quote } | null;

/** /admin/quotes: the quote of the day for every date, for all programs. */
export default function QuotesScreen() {
  const list = useListParams({ sort: 'date_quote', direction: 'desc' });
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteQuote();
  const toggle = useToggleQuoteStatus();

  const params = listQueryParams(list, QUOTE_SORTS, 'date_quote');
  const query = useQuotes(params);

  const { askDelete, dialog } = useDeleteWithConfirm<Quote>({
    question: (quote) => ({
      title: 'Delete quote',
      message: `Delete the quote of ${formatDate(quote.date_quote)}? Patients will see no quote that day.`,
    }),
    remove: (quote) => remove.mutateAsync({ id: quote.id }),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<Quote>[] = [
    {
      key: 'date_quote',
      header: 'Date',
      sortable: true,
      width: '9rem',
      render: (quote) => <Text whiteSpace="nowrap">{formatDate(quote.date_quote)}</Text>,
    },
    {
      key: 'description',
      header: 'Quote',
      sortable: true,
      render: (quote) => (
        <Text lineClamp={3} maxW="xl">
          {quote.description}
        </Text>
      ),
    },
    statusToggleColumn(
      (quote) => `Quote of ${formatDate(quote.date_quote)} active`,
      (quote, status) => toggle.mutate({ id: quote.id, status }),
    ),
    actionsColumn({
      name: (quote) => `quote of ${formatDate(quote.date_quote)}`,
      onEdit: (quote) => setEditing({ quote }),
      onDelete: (quote) => void askDelete(quote),
    }),
  ];

  return (
    <PageFrame title="Quotes" actions={<Button onClick={() => setEditing({})}>Add Quote</Button>}>
      <Box mb="4">
        <SearchBox
          label="Search quotes"
          hideLabel
          placeholder="Search quotes…"
          maxW="sm"
          value={list.search}
          onCommit={list.setSearch}
        />
      </Box>
      <QueryDataTable
        query={query}
        errorTitle="The quotes could not be loaded."
        caption="Quotes"
        columns={columns}
        getRowId={(quote) => quote.id}
        {...list.tableProps}
        emptyText={params.search ? 'No quotes match your search.' : 'No quotes yet. Add the first one.'}
      />
      {editing ? <QuoteFormModal quote={editing.quote} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </PageFrame>
  );
}

import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { QUOTE_SORTS, type Quote, type QuoteSort } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Box, Button, PageFrame, Text } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import {
  DataTable,
  LoadError,
  RowActions,
  SearchBox,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { useDeleteQuote } from '../api/delete-quote';
import { useQuotes } from '../api/get-quotes';
import { useToggleQuoteStatus } from '../api/toggle-quote-status';
import { QuoteFormModal } from './quote-form-modal';

const isSort = (key: string): key is QuoteSort => (QUOTE_SORTS as readonly string[]).includes(key);

type Editing = { quote?: Quote } | null;

/** /admin/quotes: the quote of the day for every date, for all programs. */
export default function QuotesScreen() {
  const list = useListParams({ sort: 'date_quote', direction: 'desc' });
  const search = list.search.trim();
  const [editing, setEditing] = useState<Editing>(null);
  const { confirm, dialog } = useConfirm();
  const remove = useDeleteQuote();
  const toggle = useToggleQuoteStatus();

  const query = useQuotes({
    page: list.page,
    perPage: list.perPage,
    sort: isSort(list.sort) ? list.sort : 'date_quote',
    direction: list.direction,
    search: search || undefined,
  });
  const rows = query.data?.data.data ?? [];

  const askDelete = async (quote: Quote) => {
    const confirmed = await confirm({
      title: 'Delete quote',
      message: `Delete the quote of ${formatDate(quote.date_quote)}? Patients will see no quote that day.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      const { message } = await remove.mutateAsync({ id: quote.id });
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
  };

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
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (quote) => (
        <ToggleSwitch
          label={`Quote of ${formatDate(quote.date_quote)} active`}
          hideLabel
          checked={quote.status === 1}
          onChange={(checked) => toggle.mutate({ id: quote.id, status: checked ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (quote) => (
        <RowActions name={`quote of ${formatDate(quote.date_quote)}`} onEdit={() => setEditing({ quote })} onDelete={() => void askDelete(quote)} />
      ),
    },
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
      {query.isError ? (
        <LoadError title="The quotes could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="4" />
      ) : null}
      <DataTable
        caption="Quotes"
        columns={columns}
        rows={rows}
        getRowId={(quote) => quote.id}
        total={query.data?.data.total ?? 0}
        {...list.tableProps}
        loading={query.isFetching}
        emptyText={search ? 'No quotes match your search.' : 'No quotes yet. Add the first one.'}
      />
      {editing ? <QuoteFormModal quote={editing.quote} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </PageFrame>
  );
}

import { useLocation } from 'react-router-dom';
import { FOLLOW_UP_SORTS, FOLLOW_UP_STATES, type FollowUpRow } from '@baridesk/contracts';
import { FOLLOW_UP_WINDOWS, formatDate, formatPhone } from '@baridesk/domain';
import { Badge, Skeleton, Span } from '@baridesk/ui';
import { FilterSelect, LoadError, type DataTableColumn } from '@baridesk/ui/lists';
import { dateColumn, ReportFilters, ReportPage, ReportTable, textColumn, usePatientColumn, useReportFilters } from '../../../report-kit/index';
import { FOLLOW_UP_PATHS, followUpRange, useFollowUpSummary } from '../api/follow-up';
import { FollowUpSummaryTable } from './follow-up-summary';
import { FOLLOW_UP_STATE_LABELS } from './follow-up-states';

const STATE_COLORS = { due: 'blue', overdue: 'red', seen: 'green' } as const;

const WINDOW_OPTIONS = FOLLOW_UP_WINDOWS.map((window) => ({ value: window.id, label: window.label }));
const STATE_OPTIONS = FOLLOW_UP_STATES.map((state) => ({ value: state, label: FOLLOW_UP_STATE_LABELS[state] }));

function useColumns(): DataTableColumn<FollowUpRow>[] {
  return [
    usePatientColumn<FollowUpRow>({ width: '12rem' }),
    { key: 'window', header: 'Window', width: '7rem', render: (row) => row.window_label },
    dateColumn<FollowUpRow>('target_date', 'Target day', { sortable: true }),
    {
      key: 'opens',
      header: 'Window dates',
      width: '14rem',
      render: (row) => `${formatDate(row.opens)} – ${formatDate(row.closes)}`,
    },
    {
      key: 'state',
      header: 'State',
      width: '11rem',
      render: (row) => (
        <>
          <Badge colorPalette={STATE_COLORS[row.state]} variant="subtle">
            {FOLLOW_UP_STATE_LABELS[row.state]}
          </Badge>
          {row.seen_on ? <Span textStyle="xs" color="fg.muted" ms="2">{formatDate(row.seen_on)}</Span> : null}
        </>
      ),
    },
    dateColumn<FollowUpRow>('surgery_date', 'Surgery date', { sortable: true }),
    textColumn<FollowUpRow>('type_of_surgery', 'Surgery type', { width: '9rem' }),
    { key: 'phone', header: 'Phone', width: '8.5rem', render: (row) => formatPhone(row.phone) },
  ];
}

/**
 * /follow-up-report: the MBSAQIP follow-up worklist. Per window (30 days, 6 months, 1 year, then yearly) how
 * many operated patients are due, overdue or seen, and the list of them (one row per patient and window),
 * narrowed by window and state, paged, to Excel; each patient opens their record.
 */
export function FollowUpScreen() {
  const filters = useReportFilters({ range: followUpRange, extra: { window: '', state: '' } });
  const { values } = filters;
  const summary = useFollowUpSummary(filters.query);
  const columns = useColumns();
  const params = { ...filters.query, window: values.window || undefined, state: values.state || undefined };
  const { search } = useLocation();
  // One address change for both values (two filter changes in a row would each start from the same address).
  const listPath = (window: string, state: string) => {
    const next = new URLSearchParams(search);
    next.set('window', window);
    next.set('state', state);
    return `?${next}`;
  };

  return (
    <ReportPage
      title="Follow-up"
      description="Operated patients at each MBSAQIP follow-up point: who is due for a visit, who is overdue, and who was seen (a weigh-in or an attended event in the window counts). The dates are the surgery dates."
      filters={
        <ReportFilters filters={filters} datesHint="The day of surgery.">
          <FilterSelect label="Window" value={values.window} options={WINDOW_OPTIONS} onChange={(value) => filters.set('window', value)} />
          <FilterSelect label="State" value={values.state} options={STATE_OPTIONS} onChange={(value) => filters.set('state', value)} />
        </ReportFilters>
      }
    >
      {summary.isError ? (
        <LoadError title="The follow-up counts could not be loaded." message={summary.error.message} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <FollowUpSummaryTable summary={summary.data.data.summary} window={values.window} state={values.state} listPath={listPath} />
      ) : (
        <Skeleton height="15rem" borderRadius="md" role="status" aria-label="Loading the follow-up counts" />
      )}
      <ReportTable<FollowUpRow, (typeof FOLLOW_UP_SORTS)[number]>
        title="Patients"
        caption="Follow-up worklist: each operated patient per window with its target day, dates, state and the visit that counted"
        path={FOLLOW_UP_PATHS.list}
        excelPath={FOLLOW_UP_PATHS.excel}
        excelLabel="Follow-up worklist (Excel)"
        excelFallbackName="follow-up.xlsx"
        params={params}
        columns={columns}
        sorts={FOLLOW_UP_SORTS}
        defaultSort="target_date"
        defaultDirection="asc"
        noun={['follow-up', 'follow-ups']}
        emptyText="No follow-up with these filters."
        errorTitle="The follow-up list could not be loaded."
        searchLabel="Search patients"
        minWidth="76rem"
      />
    </ReportPage>
  );
}

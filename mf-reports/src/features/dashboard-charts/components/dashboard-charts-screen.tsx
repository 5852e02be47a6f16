import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_APP_ACTIVE_DAYS, DASHBOARD_SERIES_MONTHS, type DashboardWidgets } from '@baridesk/contracts';
import { formatAmount, formatMonthKey, formatPercent, STAGES } from '@baridesk/domain';
import { Button, PageFrame, SimpleGrid, Text } from '@baridesk/ui';
import { ReportChart, type ReportChartProps } from '../../../report-kit/report-chart';
import { WidgetsLoader, type WidgetsQuery } from './widgets-loader';

const share = (part: number, whole: number) => formatPercent(whole > 0 ? (part / whole) * 100 : null);

/** The charts' common props: the one call's state (answered by now: the loader draws its other states). */
type ChartOf = Omit<ReportChartProps, 'state' | 'errorTitle' | 'empty' | 'emptyText'> & { empty?: string };
function WidgetChart({ query, empty, ...props }: ChartOf & { query: WidgetsQuery }) {
  return <ReportChart {...props} state={query} errorTitle="The figures could not be loaded." empty={empty !== undefined} emptyText={empty ?? ''} />;
}

/** A monthly series as a bar chart and its table. */
function MonthlyChart({ query, title, note, column, series }: { query: WidgetsQuery; title: string; note: string; column: string; series: { months: string[]; counts: number[] } }) {
  const labels = series.months.map(formatMonthKey);
  const total = series.counts.reduce((sum, count) => sum + count, 0);
  return (
    <WidgetChart
      query={query}
      title={title}
      summary={`${note} ${formatAmount(total)} in all.`}
      chart={{ kind: 'bar', categories: labels, series: [{ name: column, data: series.counts }] }}
      numbers={{ categoryHeader: 'Month', columns: [column], rows: labels.map((label, index) => ({ label, cells: [formatAmount(series.counts[index] ?? 0)] })) }}
    />
  );
}

function Charts({ widgets, query }: { widgets: DashboardWidgets; query: WidgetsQuery }) {
  const { byStage, newPatients, surgeries, appUse, weightLost } = widgets;
  const active = byStage[1] + byStage[2] + byStage[3];
  const appParts = [
    { label: `Used the app in the last ${DASHBOARD_APP_ACTIVE_DAYS} days`, value: appUse.activeRecently },
    { label: 'Used it before, not lately', value: appUse.lapsed },
    { label: 'Never used the app', value: appUse.neverUsed },
  ];
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
      <WidgetChart
        query={query}
        title="Patients by stage"
        summary={`${formatAmount(active)} active patients.`}
        chart={{ kind: 'donut', categories: STAGES.map((stage) => stage.label), series: [{ name: 'Patients', data: STAGES.map((stage) => byStage[stage.id]) }] }}
        numbers={{
          categoryHeader: 'Stage',
          columns: ['Patients', 'Share'],
          rows: STAGES.map((stage) => ({ label: stage.label, cells: [formatAmount(byStage[stage.id]), share(byStage[stage.id], active)] })),
        }}
        empty={active === 0 ? 'No active patients yet.' : undefined}
      />
      <WidgetChart
        query={query}
        title="App use"
        summary={`${formatAmount(appUse.total)} active patients. Weight lost in total: ${formatAmount(weightLost.totalLb)} lb by ${formatAmount(weightLost.patients)} of them.`}
        chart={{ kind: 'donut', categories: appParts.map((part) => part.label), series: [{ name: 'Patients', data: appParts.map((part) => part.value) }] }}
        numbers={{
          categoryHeader: 'App use',
          columns: ['Patients', 'Share'],
          rows: appParts.map((part) => ({ label: part.label, cells: [formatAmount(part.value), share(part.value, appUse.total)] })),
        }}
        empty={appUse.total === 0 ? 'No active patients yet.' : undefined}
      />
      <MonthlyChart
        query={query}
        title="New patients per month"
        note={`Patients added in each of the last ${DASHBOARD_SERIES_MONTHS} months, this month included.`}
        column="New patients"
        series={newPatients}
      />
      <MonthlyChart
        query={query}
        title="Surgeries per month"
        note={`Surgery dates of active patients in each of the last ${DASHBOARD_SERIES_MONTHS} months; ${formatAmount(surgeries.thisMonth)} this month.`}
        column="Surgeries"
        series={surgeries.perMonth}
      />
    </SimpleGrid>
  );
}

/**
 * /charts: the staff dashboard's charts of the program's active patients: by stage, app use, new patients
 * and surgeries per month. Each chart is an image named by its title, with its numbers in a table under it.
 */
export function DashboardChartsScreen() {
  return (
    <PageFrame
      title="Charts"
      actions={
        <Button asChild variant="outline" colorPalette="gray">
          <RouterLink to="/widgets">Widgets</RouterLink>
        </Button>
      }
    >
      <Text mb="5" color="fg.muted">
        Active patients of the program (inactive ones are not counted).
      </Text>
      <WidgetsLoader placeholders={4}>{(widgets, query) => <Charts widgets={widgets} query={query} />}</WidgetsLoader>
    </PageFrame>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_APP_ACTIVE_DAYS, DASHBOARD_SERIES_MONTHS, type DashboardWidgets } from '@baridesk/contracts';
import { formatAmount, formatPercent, STAGES } from '@baridesk/domain';
import { Button, PageFrame, SimpleGrid, Text } from '@baridesk/ui';
import { ChartPanel } from './chart-panel';
import { monthLabel } from './month-label';
import { WidgetsLoader } from './widgets-loader';

const share = (part: number, whole: number) => formatPercent(whole > 0 ? (part / whole) * 100 : null);

/** A monthly series as a bar chart and its table. */
function MonthlyChart({ title, note, column, series }: { title: string; note: string; column: string; series: { months: string[]; counts: number[] } }) {
  const labels = series.months.map(monthLabel);
  const total = series.counts.reduce((sum, count) => sum + count, 0);
  return (
    <ChartPanel
      kind="bar"
      title={title}
      note={`${note} ${formatAmount(total)} in all.`}
      categories={labels}
      series={[{ name: column, data: series.counts }]}
      numbers={{ headers: ['Month', column], rows: labels.map((label, index) => [label, formatAmount(series.counts[index] ?? 0)]) }}
    />
  );
}

function Charts({ widgets }: { widgets: DashboardWidgets }) {
  const { byStage, newPatients, surgeries, appUse, weightLost } = widgets;
  const active = byStage[1] + byStage[2] + byStage[3];
  const appParts = [
    { label: `Used the app in the last ${DASHBOARD_APP_ACTIVE_DAYS} days`, value: appUse.activeRecently },
    { label: 'Used it before, not lately', value: appUse.lapsed },
    { label: 'Never used the app', value: appUse.neverUsed },
  ];
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
      <ChartPanel
        kind="donut"
        title="Patients by stage"
        note={`${formatAmount(active)} active patients.`}
        categories={STAGES.map((stage) => stage.label)}
        series={[{ name: 'Patients', data: STAGES.map((stage) => byStage[stage.id]) }]}
        numbers={{
          headers: ['Stage', 'Patients', 'Share'],
          rows: STAGES.map((stage) => [stage.label, formatAmount(byStage[stage.id]), share(byStage[stage.id], active)]),
        }}
        empty={active === 0 ? 'No active patients yet.' : undefined}
      />
      <ChartPanel
        kind="donut"
        title="App use"
        note={`${formatAmount(appUse.total)} active patients. Weight lost in total: ${formatAmount(weightLost.totalLb)} lb by ${formatAmount(weightLost.patients)} of them.`}
        categories={appParts.map((part) => part.label)}
        series={[{ name: 'Patients', data: appParts.map((part) => part.value) }]}
        numbers={{ headers: ['App use', 'Patients', 'Share'], rows: appParts.map((part) => [part.label, formatAmount(part.value), share(part.value, appUse.total)]) }}
        empty={appUse.total === 0 ? 'No active patients yet.' : undefined}
      />
      <MonthlyChart
        title="New patients per month"
        note={`Patients added in each of the last ${DASHBOARD_SERIES_MONTHS} months, this month included.`}
        column="New patients"
        series={newPatients}
      />
      <MonthlyChart
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
      <WidgetsLoader placeholders={4}>{(widgets) => <Charts widgets={widgets} />}</WidgetsLoader>
    </PageFrame>
  );
}

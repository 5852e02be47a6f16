import { Link as RouterLink } from 'react-router-dom';
import { DASHBOARD_APP_ACTIVE_DAYS, type DashboardWidgets } from '@baridesk/contracts';
import { formatAmount, formatMonthKey, formatPercent, parseDateTime, STAGES } from '@baridesk/domain';
import { Button, Heading, PageFrame, SimpleGrid, Stack, Text } from '@baridesk/ui';
import { FigureCard } from '../../dashboard/components/figure-card';
import { patientListLink } from '../../dashboard/components/patient-figures';
import { WidgetsLoader } from './widgets-loader';

/** A part of the page: its heading and its figures. */
function FigureGroup({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** `part` of `whole` as a share: "12.5% of active patients". */
const shareOf = (part: number, whole: number) => `${formatPercent(whole > 0 ? (part / whole) * 100 : null)} of active patients`;

function Widgets({ widgets }: { widgets: DashboardWidgets }) {
  const { byStage, newPatients, surgeries, appUse, weightLost } = widgets;
  const active = byStage[1] + byStage[2] + byStage[3];
  const month = newPatients.months.at(-1) ?? widgets.today.slice(0, 7);
  const lastMonth = newPatients.months.at(-2);
  const firstDay = `${month}-01`;
  const lastDay = parseDateTime(firstDay)?.endOf('month').toISODate() ?? firstDay;
  return (
    <Stack gap="6">
      <FigureGroup id="widgets-stages" title="Patients by stage">
        <FigureCard label="Active patients" value={active} hint="All stages" to={patientListLink({})} />
        {STAGES.map((stage) => (
          <FigureCard key={stage.id} label={stage.label} value={byStage[stage.id]} hint={shareOf(byStage[stage.id], active)} to={patientListLink({ stage: stage.id })} />
        ))}
      </FigureGroup>
      <FigureGroup id="widgets-month" title={`This month (${formatMonthKey(month)})`}>
        <FigureCard
          label="New patients"
          value={newPatients.counts.at(-1) ?? 0}
          hint={lastMonth ? `${formatAmount(newPatients.counts.at(-2) ?? 0)} in ${formatMonthKey(lastMonth)}` : 'Added this month'}
        />
        <FigureCard
          label="Surgeries this month"
          value={surgeries.thisMonth}
          hint="Active patients, past and upcoming dates"
          to={patientListLink({ surgery_from: firstDay, surgery_to: lastDay })}
        />
      </FigureGroup>
      <FigureGroup id="widgets-app" title="App use">
        <FigureCard label={`Used the app in the last ${DASHBOARD_APP_ACTIVE_DAYS} days`} value={appUse.activeRecently} hint={shareOf(appUse.activeRecently, appUse.total)} />
        <FigureCard label="Used it before, not lately" value={appUse.lapsed} hint={shareOf(appUse.lapsed, appUse.total)} />
        <FigureCard label="Never used the app" value={appUse.neverUsed} hint={shareOf(appUse.neverUsed, appUse.total)} to={patientListLink({ app: 'never_used' })} />
      </FigureGroup>
      <FigureGroup id="widgets-weight" title="Weight lost">
        <FigureCard
          label="Weight lost in total"
          value={weightLost.totalLb}
          unit="lb"
          hint={`By ${formatAmount(weightLost.patients)} active ${weightLost.patients === 1 ? 'patient' : 'patients'} below their starting weight`}
        />
      </FigureGroup>
    </Stack>
  );
}

/**
 * /widgets: the staff dashboard's figures of the program's active patients (by stage, new this month,
 * surgeries this month, app use, weight lost in total); a figure that counts patients the list can show
 * opens the list filtered to them. /charts draws the same answer.
 */
export function DashboardWidgetsScreen() {
  return (
    <PageFrame
      title="Widgets"
      actions={
        <Button asChild variant="outline" colorPalette="gray">
          <RouterLink to="/charts">Charts</RouterLink>
        </Button>
      }
    >
      <Text mb="5" color="fg.muted">
        Active patients of the program (inactive ones are not counted).
      </Text>
      <WidgetsLoader placeholders={8}>{(widgets) => <Widgets widgets={widgets} />}</WidgetsLoader>
    </PageFrame>
  );
}

import { useId } from 'react';
import { PIPELINE_MOVES_SORTS, type PipelineMoveRow, type PipelineReport } from '@baridesk/contracts';
import { formatAmount, formatDate, formatDateTime, formatPercent, stageLabel } from '@baridesk/domain';
import { Box, chakra, Heading, SimpleGrid, Stack, SummaryFact, Text } from '@baridesk/ui';
import { Table, type DataTableColumn } from '@baridesk/ui/lists';
import { ReportFilters, ReportPage, ReportTable, stageColumn, textColumn, usePatientColumn, useReportFilters } from '../../../report-kit/index';
import { ReportChart } from '../../../report-kit/report-chart';
import { PIPELINE_REPORT_PATHS, pipelineReportRange, usePipelineReport } from '../api/pipeline-report';

const days = (value: number | null) => (value === null ? '—' : `${formatAmount(value)} ${value === 1 ? 'day' : 'days'}`);

/**
 * Each status once, by its name; a name two stages share ("Seminar") says its stage, so the chart's bars
 * are told apart. (Every name with its stage would make the axis labels too long to read.)
 */
function statusRows(report: PipelineReport) {
  const names = report.stages.flatMap((stage) => stage.statuses.map((status) => status.name));
  const shared = new Set(names.filter((name, index) => names.indexOf(name) !== index));
  return report.stages.flatMap((stage) =>
    stage.statuses.map((status) => ({ ...status, label: shared.has(status.name) ? `${status.name} (${stageLabel(stage.stage)})` : status.name })),
  );
}

function Conversion({ conversion }: { conversion: PipelineReport['conversion'] }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
        Seminar to surgery
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        Patients whose first attended seminar or webinar falls in the period, and how many of them have had surgery since.
      </Text>
      <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
        <SummaryFact term="Attended a first seminar">{formatAmount(conversion.cohort)}</SummaryFact>
        <SummaryFact term="Operated since">{formatAmount(conversion.operated)}</SummaryFact>
        <SummaryFact term="Conversion" detail={conversion.rate === null ? 'No seminar in the period' : undefined}>
          {formatPercent(conversion.rate)}
        </SummaryFact>
        <SummaryFact term="Median time to surgery">{days(conversion.median_days)}</SummaryFact>
      </chakra.dl>
    </Stack>
  );
}

/** Each stage's statuses with their figures: the chart's numbers, read exactly. */
function StatusTables({ report }: { report: PipelineReport }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
        By status
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        Patients now in each status, moves into it from {formatDate(report.from)} to {formatDate(report.to)}, and the mean days a patient stayed
        in it (over the stays that ended in the period).
      </Text>
      <SimpleGrid columns={{ base: 1, xl: report.stages.length > 1 ? 2 : 1 }} gap="4" alignItems="start">
        {report.stages.map((stage) => (
          <Box key={stage.stage} minW="0">
            <Heading as="h3" size="md" mb="2">
              {stageLabel(stage.stage)}
            </Heading>
            {stage.statuses.length === 0 ? (
              <Text color="fg.muted">This stage has no statuses.</Text>
            ) : (
              // Focusable and named: on a phone the table scrolls sideways, which a keyboard must reach.
              <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={`${stageLabel(stage.stage)} statuses`}>
                <Table.Root size="sm">
                  <Table.Caption srOnly>{`${stageLabel(stage.stage)}: patients, moves in and mean days per status`}</Table.Caption>
                  <Table.Header>
                    <Table.Row bg="bg.subtle">
                      <Table.ColumnHeader>Status</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Patients now</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Moves in</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Mean days</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {stage.statuses.map((status) => (
                      <Table.Row key={status.id}>
                        <Table.Cell as="th" scope="row" fontWeight="normal">
                          {status.name}
                        </Table.Cell>
                        <Table.Cell textAlign="end">{formatAmount(status.patients)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatAmount(status.moves_in)}</Table.Cell>
                        <Table.Cell textAlign="end">{days(status.average_days)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const MOVED_BY = { staff: 'Staff', rule: 'Automation rule' } as const;

function useMoveColumns(): DataTableColumn<PipelineMoveRow>[] {
  return [
    { key: 'moved_at', header: 'Moved', sortable: true, width: '11.5rem', render: (row) => formatDateTime(row.moved_at) },
    usePatientColumn<PipelineMoveRow>(),
    stageColumn<PipelineMoveRow>(),
    textColumn<PipelineMoveRow>('from_status', 'From'),
    textColumn<PipelineMoveRow>('to_status', 'To'),
    { key: 'moved_by', header: 'By', width: '9rem', render: (row) => MOVED_BY[row.moved_by] },
  ];
}

/**
 * /patient-pipeline-report: the program's pipeline in figures. Patients per status of each stage, the moves
 * into each status in the period and the mean days spent in it (a chart and the tables of the same
 * numbers), the seminar-to-surgery conversion, and the moves of the period (paged, to Excel).
 */
export function PipelineReportScreen() {
  const filters = useReportFilters({ range: pipelineReportRange });
  const report = usePipelineReport(filters.query);
  const data = report.data?.data;
  const rows = data ? statusRows(data) : [];
  const columns = useMoveColumns();
  const totals = rows.reduce((sum, row) => ({ patients: sum.patients + row.patients, moves: sum.moves + row.moves_in }), { patients: 0, moves: 0 });

  return (
    <ReportPage
      title="Patient Pipeline Report"
      description="Active patients of the pipeline: where they are now, how they moved in the period, and how many went from a seminar to surgery. The dates are the period of the moves."
      filters={<ReportFilters filters={filters} datesHint="The day of the move." />}
      chart={
        <ReportChart
          title="Patients per status"
          state={report}
          errorTitle="The pipeline report could not be loaded."
          empty={rows.length === 0}
          emptyText="The pipeline has no statuses for these filters."
          summary={`${formatAmount(totals.patients)} patients in the pipeline now; ${formatAmount(totals.moves)} moves in the period. The numbers are in the tables By status.`}
          chart={
            data
              ? {
                  kind: 'bar',
                  categories: rows.map((row) => row.label),
                  series: [
                    { name: 'Patients now', data: rows.map((row) => row.patients) },
                    { name: 'Moves in', data: rows.map((row) => row.moves_in) },
                  ],
                }
              : undefined
          }
          numbers={undefined}
        />
      }
    >
      {data ? (
        <>
          <Conversion conversion={data.conversion} />
          <StatusTables report={data} />
        </>
      ) : null}
      <ReportTable<PipelineMoveRow, (typeof PIPELINE_MOVES_SORTS)[number]>
        title="Moves in the period"
        caption="Pipeline moves of the period, newest first: the patient, the stage, from and to which status, and who moved them"
        path={PIPELINE_REPORT_PATHS.moves}
        excelPath={PIPELINE_REPORT_PATHS.movesExcel}
        excelLabel="Pipeline moves (Excel)"
        excelFallbackName="pipeline-moves.xlsx"
        params={filters.query}
        columns={columns}
        sorts={PIPELINE_MOVES_SORTS}
        defaultSort="moved_at"
        defaultDirection="desc"
        noun={['move', 'moves']}
        emptyText="No moves in the period with these filters."
        errorTitle="The moves could not be loaded."
        searchLabel="Search patients"
        minWidth="52rem"
      />
    </ReportPage>
  );
}

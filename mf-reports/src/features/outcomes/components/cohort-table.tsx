import { useId } from 'react';
import type { OutcomeCohortRow, OutcomeCohorts } from '@baridesk/contracts';
import { formatAmount, formatPercent } from '@baridesk/domain';
import { Heading, Span, Stack, Text } from '@baridesk/ui';
import { Table } from '@baridesk/ui/lists';
import { FEW_PATIENTS, milestoneLabel, OUTCOME_MEASURES } from './outcome-measures';

/** One mean with the patients behind it; marked (and read) as few when they are under FEW_PATIENTS. */
function Figure({ value, patients }: { value: number | null; patients: number }) {
  if (value === null || patients === 0) {
    return (
      <>
        <Span aria-hidden>—</Span>
        <Span srOnly>no patient</Span>
      </>
    );
  }
  const few = patients < FEW_PATIENTS;
  return (
    <>
      <Span fontWeight={few ? 'normal' : 'medium'} color={few ? 'fg.muted' : undefined} fontStyle={few ? 'italic' : undefined}>
        {formatPercent(value)}
        {few ? <Span aria-hidden>*</Span> : null}
      </Span>{' '}
      <Span textStyle="xs" color="fg.muted" whiteSpace="nowrap">
        {`n = ${formatAmount(patients)}`}
      </Span>
      {few ? <Span srOnly>, few patients</Span> : null}
    </>
  );
}

function CohortRow({ row, milestones, total = false }: { row: OutcomeCohortRow; milestones: readonly number[]; total?: boolean }) {
  return (
    <Table.Row fontWeight={total ? 'semibold' : undefined} bg={total ? 'bg.subtle' : undefined}>
      <Table.Cell as="th" scope="row" fontWeight="inherit" minW="10rem">
        {row.cohort}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatAmount(row.patients)}</Table.Cell>
      {milestones.flatMap((months) => {
        const figure = row.figures.find((candidate) => candidate.months === months);
        return OUTCOME_MEASURES.map((measure) => (
          <Table.Cell key={`${months}-${measure.key}`} textAlign="end" whiteSpace="nowrap" borderStartWidth={measure.key === 'twl' ? '1px' : undefined}>
            <Figure value={figure?.[measure.key] ?? null} patients={figure?.[measure.count] ?? 0} />
          </Table.Cell>
        ));
      })}
    </Table.Row>
  );
}

/**
 * The cohort table: per cohort the operated patients, then at each milestone the mean %TWL, %EWL and %EBMIL
 * with the patients behind each; every cohort together in the last row.
 */
export function CohortTable({ cohorts, groupLabel }: { cohorts: OutcomeCohorts; groupLabel: string }) {
  const headingId = useId();
  const noteId = useId();
  const { milestones } = cohorts;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" minW="0">
      <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
        {`Outcomes by ${groupLabel.toLowerCase()}`}
      </Heading>
      <Text id={noteId} textStyle="sm" color="fg.muted">
        The mean of each measure over the patients with a weigh-in near the milestone (n). * Fewer than {FEW_PATIENTS} patients: read the figure
        with care.
      </Text>
      {/* Positioned, so the cells' screen-reader texts (absolutely placed) scroll inside it instead of widening the page. */}
      <Table.ScrollArea
        position="relative"
        borderWidth="1px"
        borderRadius="md"
        tabIndex={0}
        role="region"
        aria-label={`Outcomes by ${groupLabel.toLowerCase()}: table`}
      >
        <Table.Root size="sm" aria-describedby={noteId}>
          <Table.Caption srOnly>{`Mean %TWL, %EWL and %EBMIL by ${groupLabel.toLowerCase()} at ${milestones.map(milestoneLabel).join(', ')}, with the patients behind each figure`}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader rowSpan={2} scope="col">
                {groupLabel}
              </Table.ColumnHeader>
              <Table.ColumnHeader rowSpan={2} scope="col" textAlign="end">
                Operated
              </Table.ColumnHeader>
              {milestones.map((months) => (
                <Table.ColumnHeader key={months} colSpan={OUTCOME_MEASURES.length} scope="colgroup" textAlign="center" borderStartWidth="1px">
                  {milestoneLabel(months)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
            <Table.Row bg="bg.subtle">
              {milestones.flatMap((months) =>
                OUTCOME_MEASURES.map((measure) => (
                  <Table.ColumnHeader
                    key={`${months}-${measure.key}`}
                    scope="col"
                    textAlign="end"
                    title={measure.help}
                    borderStartWidth={measure.key === 'twl' ? '1px' : undefined}
                  >
                    {measure.label}
                  </Table.ColumnHeader>
                )),
              )}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {cohorts.rows.map((row) => (
              <CohortRow key={row.cohort} row={row} milestones={milestones} />
            ))}
            <CohortRow row={{ ...cohorts.total, cohort: 'All patients' }} milestones={milestones} total />
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

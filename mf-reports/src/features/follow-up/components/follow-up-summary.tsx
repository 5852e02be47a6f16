import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { FollowUpSummary } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Button, Heading, Stack, Text } from '@baridesk/ui';
import { Table } from '@baridesk/ui/lists';
import { FOLLOW_UP_STATE_LABELS, type FollowUpStateKey } from './follow-up-states';

export type FollowUpSummaryProps = {
  summary: readonly FollowUpSummary[];
  /** The window and state the list shows now ('' for all). */
  window: string;
  state: string;
  /** The address of the list of one window and state (the filters kept). */
  listPath: (window: string, state: FollowUpStateKey) => string;
};

const STATES: readonly FollowUpStateKey[] = ['due', 'overdue', 'seen'];

/**
 * The worklist in counts: per MBSAQIP window, the patients due, overdue and seen under the filters. Each count
 * is a link that lists those patients (the current one while they are the ones listed).
 */
export function FollowUpSummaryTable({ summary, window, state, listPath }: FollowUpSummaryProps) {
  const headingId = useId();
  const totals = STATES.map((key) => summary.reduce((sum, row) => sum + row[key], 0));
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2" minW="0">
      <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
        Follow-up windows
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        Due: the window is open and its target day has not passed. Overdue: the target day has passed without a visit. Seen: a weigh-in or an
        attended event fell in the window. Choose a count to list those patients.
      </Text>
      {/* Focusable and named: on a phone the table scrolls sideways, which a keyboard must reach. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Follow-up windows: table">
        <Table.Root size="sm">
          <Table.Caption srOnly>Patients due, overdue and seen per follow-up window</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Window</Table.ColumnHeader>
              {STATES.map((key) => (
                <Table.ColumnHeader key={key} textAlign="end">
                  {FOLLOW_UP_STATE_LABELS[key]}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {summary.map((row) => (
              <Table.Row key={row.window}>
                <Table.Cell as="th" scope="row" fontWeight="normal">
                  {row.label}
                </Table.Cell>
                {STATES.map((key) => {
                  const chosen = window === row.window && state === key;
                  return (
                    <Table.Cell key={key} textAlign="end" py="1">
                      <Button asChild size="xs" variant={chosen ? 'solid' : 'ghost'} colorPalette={key === 'overdue' && row[key] > 0 ? 'red' : 'brand'}>
                        {/* replace: as the filters do, so Back leaves the report. */}
                        <RouterLink
                          replace
                          to={listPath(row.window, key)}
                          aria-current={chosen ? 'true' : undefined}
                          aria-label={`${row.label}: ${formatAmount(row[key])} ${FOLLOW_UP_STATE_LABELS[key].toLowerCase()}`}
                        >
                          {formatAmount(row[key])}
                        </RouterLink>
                      </Button>
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
            <Table.Row bg="bg.subtle" fontWeight="semibold">
              <Table.Cell as="th" scope="row" fontWeight="inherit">
                All windows
              </Table.Cell>
              {totals.map((total, index) => (
                <Table.Cell key={STATES[index]} textAlign="end" pe="5">
                  {formatAmount(total)}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

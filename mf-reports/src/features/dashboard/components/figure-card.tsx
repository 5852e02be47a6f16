import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, Text } from '@baridesk/ui';
import { formatAmount } from '@baridesk/domain';

export type FigureCardProps = {
  label: string;
  value: number;
  /** The unit after the amount ("lb"). */
  unit?: string;
  /** What the figure counts, under it ("Active patients"). */
  hint?: string;
  /** Where the figure leads: the list filtered to the patients it counts. */
  to?: string;
};

/**
 * One figure of the dashboard: its label, its amount (with thousands commas) and what it counts. With
 * `to`, the whole card is one link to the patients counted, named by its label, amount and hint.
 */
export function FigureCard({ label, value, unit, hint, to }: FigureCardProps) {
  const labelId = useId();
  const body = (
    <Card.Body gap="1">
      <Text id={labelId} textStyle="sm" color="fg.muted">
        {label}
      </Text>
      <Text textStyle="2xl" fontWeight="semibold" color={to ? 'colorPalette.fg' : undefined}>
        {formatAmount(value)}
        {unit ? ` ${unit}` : ''}
      </Text>
      {hint ? (
        <Text textStyle="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
    </Card.Body>
  );
  if (!to) {
    return (
      <Card.Root role="group" aria-labelledby={labelId} size="sm">
        {body}
      </Card.Root>
    );
  }
  return (
    <Card.Root
      asChild
      size="sm"
      colorPalette="brand"
      _hover={{ borderColor: 'colorPalette.solid', shadow: 'sm' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink to={to}>{body}</RouterLink>
    </Card.Root>
  );
}

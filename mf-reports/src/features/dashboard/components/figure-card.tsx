import { useId } from 'react';
import { Card, Text } from '@baridesk/ui';
import { formatAmount } from '@baridesk/domain';

export type FigureCardProps = { label: string; value: number; hint?: string };

/** One figure of the dashboard: its label and its amount (with thousands commas). */
export function FigureCard({ label, value, hint }: FigureCardProps) {
  const labelId = useId();
  return (
    <Card.Root role="group" aria-labelledby={labelId} size="sm">
      <Card.Body gap="1">
        <Text id={labelId} textStyle="sm" color="fg.muted">
          {label}
        </Text>
        <Text textStyle="2xl" fontWeight="semibold">
          {formatAmount(value)}
        </Text>
        {hint ? (
          <Text textStyle="xs" color="fg.subtle">
            {hint}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

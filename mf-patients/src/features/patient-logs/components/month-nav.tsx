import { Button, HStack, Text } from '@baridesk/ui';
import { currentMonth, FIRST_MONTH, isBefore, monthLabel, shiftMonth, type Month } from '../utils/months';

export type MonthNavProps = {
  /** The month on screen; null until the first answer says which month "now" is. */
  shown: Month | null;
  onChange: (month: Month) => void;
};

/** Previous month, the month shown ("March 2026"), next month (not past the current month). */
export function MonthNav({ shown, onChange }: MonthNavProps) {
  const now = currentMonth();
  return (
    <HStack as="nav" aria-label="Month" gap="3" mb="4" wrap="wrap">
      <Button
        size="sm"
        variant="outline"
        disabled={!shown || !isBefore(FIRST_MONTH, shown)}
        onClick={() => shown && onChange(shiftMonth(shown, -1))}
      >
        ← Previous month
      </Button>
      <Text as="h2" fontSize="lg" fontWeight="semibold" minW="10rem" textAlign="center" aria-live="polite">
        {shown ? monthLabel(shown) : 'Loading…'}
      </Text>
      <Button size="sm" variant="outline" disabled={!shown || !isBefore(shown, now)} onClick={() => shown && onChange(shiftMonth(shown, 1))}>
        Next month →
      </Button>
    </HStack>
  );
}

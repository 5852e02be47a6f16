import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, HStack, IconButton, Text, chakra } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { Glyph } from './icons';

const ISO = 'yyyy-MM-dd';

export type MonthCalendarProps = {
  /** The chosen day, 'yyyy-MM-dd', or '' for none. */
  value: string;
  onSelect: (value: string) => void;
  /** Earliest and latest choosable days, 'yyyy-MM-dd'. */
  min?: string;
  max?: string;
};

function fromIso(value: string | undefined): DateTime | null {
  if (!value) return null;
  const date = DateTime.fromFormat(value, ISO);
  return date.isValid ? date : null;
}

/** Sunday-first weeks covering the month of `day`. */
function weeksOf(day: DateTime): DateTime[][] {
  const first = day.startOf('month');
  const start = first.minus({ days: first.weekday % 7 });
  const weeks: DateTime[][] = [];
  for (let cursor = start; weeks.length === 0 || cursor.month === day.month; ) {
    const week = Array.from({ length: 7 }, (_, index) => cursor.plus({ days: index }));
    weeks.push(week);
    cursor = cursor.plus({ days: 7 });
  }
  return weeks;
}

const KEY_MOVES: Record<string, (day: DateTime) => DateTime> = {
  ArrowLeft: (day) => day.minus({ days: 1 }),
  ArrowRight: (day) => day.plus({ days: 1 }),
  ArrowUp: (day) => day.minus({ weeks: 1 }),
  ArrowDown: (day) => day.plus({ weeks: 1 }),
  Home: (day) => day.minus({ days: day.weekday % 7 }),
  End: (day) => day.plus({ days: 6 - (day.weekday % 7) }),
  PageUp: (day) => day.minus({ months: 1 }),
  PageDown: (day) => day.plus({ months: 1 }),
};

/**
 * A month grid (WAI-ARIA date-picker dialog pattern): arrows move by day and week, Home/End to the
 * week's ends, Page Up/Down by month, Enter or Space chooses. One day is in the tab order at a time.
 */
export function MonthCalendar({ value, onSelect, min, max }: MonthCalendarProps) {
  const minDay = fromIso(min);
  const maxDay = fromIso(max);
  const selected = fromIso(value);
  const [focused, setFocused] = useState<DateTime>(() => selected ?? DateTime.local().startOf('day'));
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const outOfRange = (day: DateTime) =>
    (minDay !== null && day < minDay) || (maxDay !== null && day > maxDay);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(move(focused));
  };

  const showMonth = (months: number) => setFocused(focused.plus({ months }));

  return (
    <Box>
      <HStack justify="space-between" mb="2">
        <IconButton aria-label="Previous month" size="xs" variant="ghost" onClick={() => showMonth(-1)}>
          <Glyph name="chevronLeft" />
        </IconButton>
        <Text fontWeight="semibold" textStyle="sm" aria-live="polite">
          {focused.toFormat('MMMM yyyy')}
        </Text>
        <IconButton aria-label="Next month" size="xs" variant="ghost" onClick={() => showMonth(1)}>
          <Glyph name="chevronRight" />
        </IconButton>
      </HStack>
      <table ref={gridRef} role="grid" aria-label={focused.toFormat('MMMM yyyy')} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weeksOf(focused)[0]!.map((day) => (
              <chakra.th key={day.weekday} scope="col" abbr={day.toFormat('cccc')} textStyle="xs" color="fg.muted" fontWeight="medium" pb="1">
                {day.toFormat('ccc').slice(0, 2)}
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(focused).map((week) => (
            <tr key={week[0]!.toFormat(ISO)}>
              {week.map((day) => {
                const iso = day.toFormat(ISO);
                const isSelected = selected !== null && day.hasSame(selected, 'day');
                const inMonth = day.month === focused.month;
                const isToday = day.hasSame(DateTime.local(), 'day');
                return (
                  <td key={iso} role="gridcell" aria-selected={isSelected}>
                    <Button
                      size="xs"
                      minW="8"
                      h="8"
                      px="0"
                      variant={isSelected ? 'solid' : isToday ? 'outline' : 'ghost'}
                      color={!isSelected && !inMonth ? 'fg.subtle' : undefined}
                      tabIndex={day.hasSame(focused, 'day') ? 0 : -1}
                      aria-label={day.toFormat('cccc, MMMM d, yyyy')}
                      aria-current={isToday ? 'date' : undefined}
                      disabled={outOfRange(day)}
                      onClick={() => {
                        setFocused(day);
                        onSelect(iso);
                      }}
                    >
                      {day.day}
                    </Button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

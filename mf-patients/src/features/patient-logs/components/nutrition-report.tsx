import type { MacroNutrients, WaterLogs } from '@baridesk/contracts';
import { formatAmount, formatDate, formatMonthDay } from '@baridesk/domain';
import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@baridesk/ui';
import { DataTable, type DataTableColumn } from '@baridesk/ui/lists';
import { useClientPages } from '../hooks/use-client-pages';
import { daysOf, monthLabel } from '../utils/months';
import { Chart } from '@baridesk/ui/charts';

type DayRow = { date: string; calories: number | null; carb: number | null; protein: number | null; fat: number | null; water: number | null };

const MACROS = [
  { key: 'carb', label: 'Carb' },
  { key: 'protein', label: 'Protein' },
  { key: 'fat', label: 'Fat' },
] as const;

const orDash = (value: number | null, unit = '') => (value === null ? '—' : `${formatAmount(value)}${unit}`);
const shortDay = (date: string) => formatMonthDay(date);

/** Every logged day of either answer, in date order, with its macros and water (null: nothing logged). */
function dayRows(macros: MacroNutrients, water: WaterLogs): DayRow[] {
  const food = new Map(macros.days.map((day) => [day.date, day]));
  const drinks = new Map(water.days.map((day) => [day.date, day.total]));
  return [...new Set([...food.keys(), ...drinks.keys()])].sort().map((date) => {
    const day = food.get(date);
    return {
      date,
      calories: day?.calories ?? null,
      carb: day?.carb ?? null,
      protein: day?.protein ?? null,
      fat: day?.fat ?? null,
      water: drinks.get(date) ?? null,
    };
  });
}

const columns: DataTableColumn<DayRow>[] = [
  { key: 'date', header: 'Date', render: (row) => formatDate(row.date) },
  { key: 'calories', header: 'Calories (kcal)', align: 'end', render: (row) => orDash(row.calories) },
  ...MACROS.map(({ key, label }): DataTableColumn<DayRow> => ({ key, header: `${label} (g)`, align: 'end', render: (row) => orDash(row[key]) })),
  { key: 'water', header: 'Water (fl oz)', align: 'end', render: (row) => orDash(row.water) },
];

/** The month's macro nutrients and water: averages, the two daily charts and the table of days. */
export function NutritionReport({ macros, water }: { macros: MacroNutrients; water: WaterLogs }) {
  const month = monthLabel(macros);
  const days = daysOf(macros);
  const categories = days.map(shortDay);
  const byDate = new Map(macros.days.map((day) => [day.date, day]));
  const waterByDate = new Map(water.days.map((day) => [day.date, day.total]));
  const rows = dayRows(macros, water);
  const pages = useClientPages(rows, month);

  return (
    <Stack gap="6">
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
        <Text as="dt" fontWeight="semibold">
          Days with food logged
        </Text>
        <Text as="dd">{`${macros.days_logged} of ${days.length}`}</Text>
        <Text as="dt" fontWeight="semibold">
          Average calories per day
        </Text>
        <Text as="dd">{`${formatAmount(macros.averages.calories)} kcal${macros.goals.calories === null ? '' : ` (goal ${formatAmount(macros.goals.calories)} kcal)`}`}</Text>
        {MACROS.map(({ key, label }) => (
          <Box key={key} display="contents">
            <Text as="dt" fontWeight="semibold">
              {`Average ${label.toLowerCase()} per day`}
            </Text>
            <Text as="dd">
              {`${formatAmount(macros.averages[key])} g`}
              {macros.energy_percent[key] === null ? '' : ` (${formatAmount(macros.energy_percent[key])}% of energy)`}
              {key === 'protein' && macros.goals.protein !== null ? ` (goal ${formatAmount(macros.goals.protein)} g)` : ''}
            </Text>
          </Box>
        ))}
        <Text as="dt" fontWeight="semibold">
          Average water per day
        </Text>
        <Text as="dd">{`${formatAmount(water.average)} fl oz${water.goal === null ? '' : ` (goal ${formatAmount(water.goal)} fl oz)`}`}</Text>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        Averages count only the days with a value.
      </Text>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6">
        <Card.Root>
          <Card.Body>
            <Heading as="h3" size="md" mb="2">
              Macro nutrients per day, {month}
            </Heading>
            <Chart
              kind="bar"
              stacked
              title={`Carb, protein and fat per day in ${month}, in grams`}
              categories={categories}
              series={MACROS.map(({ key, label }) => ({ name: label, data: days.map((date) => byDate.get(date)?.[key] ?? null) }))}
              unit="g"
            />
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Heading as="h3" size="md" mb="2">
              Water per day, {month}
            </Heading>
            <Chart
              kind="bar"
              title={`Water per day in ${month}, in fluid ounces`}
              categories={categories}
              series={[{ name: 'Water', data: days.map((date) => waterByDate.get(date) ?? null) }]}
              unit="fl oz"
              lines={water.goal === null ? [] : [{ label: 'Goal', value: water.goal }]}
            />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <Box>
        <Heading as="h3" size="md" mb="2">
          Days
        </Heading>
        <DataTable caption={`Nutrition and water per day, ${month}`} columns={columns} getRowId={(row) => row.date} {...pages} />
      </Box>
    </Stack>
  );
}

import type { FoodLogs } from '@baridesk/contracts';
import { formatAmount, formatDate, formatMonthDay, type FoodLogTabId } from '@baridesk/domain';
import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@baridesk/ui';
import { DataTable, Table, type DataTableColumn } from '@baridesk/ui/lists';
import { useClientPages } from '../hooks/use-client-pages';
import { entryRows, servingText, tabFigures, tabLabel, tabUnit, type FoodLogRow } from '../utils/food-log-figures';
import { monthLabel } from '../utils/months';
import { Chart } from '@baridesk/ui/charts';

type Props = { log: FoodLogs; tab: FoodLogTabId };

/** One tab of the food log: the month's daily chart and average, the meal doughnut, the top foods and every entry. */
export function FoodLogTabPanel({ log, tab }: Props) {
  const label = tabLabel(tab);
  const unit = tabUnit(tab);
  const figures = tabFigures(log, tab);
  const month = monthLabel(log);
  const amount = (value: number) => `${formatAmount(value)} ${unit}`;

  return (
    <Stack gap="6">
      <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
        <Text as="dt" fontWeight="semibold">
          Average per day
        </Text>
        <Text as="dd">{amount(figures.average)}</Text>
        <Text as="dt" fontWeight="semibold">
          Days with {label.toLowerCase()}
        </Text>
        <Text as="dd">
          {figures.daysWithValue} of {figures.days.length} (the average counts only these)
        </Text>
      </Box>

      <Card.Root>
        <Card.Body>
          <Heading as="h3" size="md" mb="2">
            {label} per day, {month}
          </Heading>
          <Chart
            kind="bar"
            title={`${label} per day in ${month}, in ${unit}`}
            categories={figures.days.map((date) => formatMonthDay(date))}
            series={[{ name: label, data: figures.daily }]}
            unit={unit}
            lines={figures.average > 0 ? [{ label: 'Average', value: figures.average }] : []}
          />
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root>
          <Card.Body>
            <Heading as="h3" size="md" mb="2">
              {label} by meal
            </Heading>
            {figures.mealTotal > 0 ? (
              <Chart
                kind="donut"
                title={`${label} by meal in ${month}`}
                categories={figures.meals.map((slice) => slice.label)}
                series={[{ name: label, data: figures.meals.map((slice) => slice.value) }]}
                unit={unit}
                height={260}
              />
            ) : (
              <Text color="fg.muted">No {label.toLowerCase()} logged this month.</Text>
            )}
            <Table.Root size="sm" mt="3">
              <Table.Caption srOnly>{`${label} by meal`}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Meal</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{`Total (${unit})`}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Share</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.meals.map((slice) => (
                  <Table.Row key={slice.id}>
                    <Table.Cell>{slice.label}</Table.Cell>
                    <Table.Cell textAlign="end">{formatAmount(slice.value)}</Table.Cell>
                    <Table.Cell textAlign="end">{`${slice.share}%`}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Body>
            <Heading as="h3" size="md" mb="2">
              Top foods by {label.toLowerCase()}
            </Heading>
            <Table.Root size="sm">
              <Table.Caption srOnly>{`Top foods by ${label.toLowerCase()}`}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="3rem">#</Table.ColumnHeader>
                  <Table.ColumnHeader>Food</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{`Month total (${unit})`}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.topFoods.length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={3} color="fg.muted">
                      No {label.toLowerCase()} logged this month.
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  figures.topFoods.map((food, index) => (
                    <Table.Row key={food.name}>
                      <Table.Cell>{index + 1}</Table.Cell>
                      <Table.Cell>{food.name}</Table.Cell>
                      <Table.Cell textAlign="end">{formatAmount(food.value)}</Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <EntriesTable log={log} tab={tab} />
    </Stack>
  );
}

/** Every entry of the month with the tab's value: the numbers behind the charts, for reading and checking. */
function EntriesTable({ log, tab }: Props) {
  const label = tabLabel(tab);
  const unit = tabUnit(tab);
  const pages = useClientPages(entryRows(log), `${log.year}-${log.month}`);
  const columns: DataTableColumn<FoodLogRow>[] = [
    { key: 'date', header: 'Date', render: (row) => formatDate(row.date) },
    { key: 'meal', header: 'Meal', render: (row) => row.mealLabel },
    { key: 'item_name', header: 'Item' },
    { key: 'serving', header: 'Serving', render: servingText },
    { key: 'value', header: `${label} (${unit})`, align: 'end', render: (row) => formatAmount(row.values[tab]) },
  ];
  return (
    <Box>
      <Heading as="h3" size="md" mb="2">
        Entries
      </Heading>
      <DataTable
        caption={`Food entries of ${monthLabel(log)} with ${label.toLowerCase()}`}
        columns={columns}
        getRowId={(row) => row.id}
        emptyText="No entries."
        {...pages}
      />
    </Box>
  );
}

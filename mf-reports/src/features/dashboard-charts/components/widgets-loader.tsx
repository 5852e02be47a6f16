import type { ReactNode } from 'react';
import type { DashboardWidgets } from '@baridesk/contracts';
import { MENU_AREAS } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useDashboardWidgets } from '../api/get-dashboard-widgets';

export type WidgetsQuery = ReturnType<typeof useDashboardWidgets>;

/**
 * The states of /charts and /widgets around the one call: refused (the figures belong to the reports area,
 * which the API checks too), loading (placeholders in the page's shape), failed (Try again), then the page.
 */
export function WidgetsLoader({
  placeholders,
  children,
}: {
  placeholders: number;
  /** The page, with the answer and the call (whose state the report charts take). */
  children: (widgets: DashboardWidgets, query: WidgetsQuery) => ReactNode;
}) {
  const mayOpenReports = useAppStore(selectMayOpenArea('reports'));
  const widgets = useDashboardWidgets(mayOpenReports);
  if (!mayOpenReports) {
    return (
      <Alert.Root status="info" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>These figures are part of the reports.</Alert.Title>
          <Alert.Description>{MENU_AREAS.reports.refusal}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (widgets.isPending) {
    return (
      <Stack role="status" aria-live="polite" gap="4">
        <Text srOnly>Loading the figures…</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {Array.from({ length: placeholders }, (_, index) => (
            <Skeleton key={index} height="40" borderRadius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (widgets.isError) {
    return <LoadError title="The figures could not be loaded." message={widgets.error.message} onRetry={() => void widgets.refetch()} />;
  }
  return <>{children(widgets.data, widgets)}</>;
}

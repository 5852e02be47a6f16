import { SimpleGrid, Skeleton, Stack, Text } from '@baridesk/ui';

/** Placeholders in the dashboard's shape while its figures load. */
export function DashboardSkeleton({ patientFigures }: { patientFigures: boolean }) {
  return (
    <Stack gap="5" role="status" aria-live="polite">
      <Text srOnly>Loading the dashboard…</Text>
      {patientFigures ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} height="24" borderRadius="md" />
          ))}
        </SimpleGrid>
      ) : null}
      <SimpleGrid columns={{ base: 1, lg: patientFigures ? 2 : 1 }} gap="5">
        <Skeleton height="56" borderRadius="md" />
        {patientFigures ? <Skeleton height="56" borderRadius="md" /> : null}
      </SimpleGrid>
    </Stack>
  );
}

import { useId, type ReactNode } from 'react';
import { formatAmount, STAGES } from '@baridesk/domain';
import { Card, Heading, PageFrame, SimpleGrid, Skeleton, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useAdminDashboard } from '../api/get-admin-dashboard';

/** /admin/dashboard: platform-wide figures for super admins, and the quote of the day. */
export default function AdminDashboardScreen() {
  const query = useAdminDashboard();
  const quoteHeadingId = useId();

  return (
    <PageFrame title="Dashboard">
      {query.isError ? (
        <LoadError title="The dashboard could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4" role="status" aria-label="Loading the dashboard">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height="32" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="6">
          {query.data.data.quotes.today ? (
            <Card.Root as="figure" variant="subtle" colorPalette="brand" aria-labelledby={quoteHeadingId}>
              <Card.Body>
                <Heading as="h2" id={quoteHeadingId} size="sm" color="fg.muted" mb="2">
                  Quote of the day
                </Heading>
                <Text as="blockquote" fontSize="lg" fontStyle="italic">
                  {query.data.data.quotes.today.description}
                </Text>
              </Card.Body>
            </Card.Root>
          ) : null}
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, xl: 3 }} gap="4" aria-label="Figures">
            <FigureCard title="Programs" value={query.data.data.programs.total} detail={`${formatAmount(query.data.data.programs.active)} active`} />
            <FigureCard
              title="Program users"
              value={query.data.data.programUsers.total}
              detail={`${formatAmount(query.data.data.programUsers.active)} active`}
            />
            <FigureCard
              title="Patients"
              value={query.data.data.patients.total}
              detail={
                <Stack as="dl" gap="0.5">
                  {STAGES.map((stage) => (
                    <Text as="div" key={stage.id} display="flex" justifyContent="space-between" gap="4">
                      <dt>{stage.label}</dt>
                      <dd>{formatAmount(query.data.data.patients.byStage[stage.id])}</dd>
                    </Text>
                  ))}
                </Stack>
              }
            />
            <FigureCard title="Super admins" value={query.data.data.superAdmins} />
            <FigureCard title="Quotes" value={query.data.data.quotes.total} />
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}

function FigureCard({ title, value, detail }: { title: string; value: number; detail?: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="li" aria-labelledby={headingId}>
      <Card.Body gap="1">
        <Heading as="h2" id={headingId} size="sm" color="fg.muted" fontWeight="medium">
          {title}
        </Heading>
        <Text fontSize="3xl" fontWeight="semibold" lineHeight="short">
          {formatAmount(value)}
        </Text>
        {detail ? (
          <Text as="div" textStyle="sm" color="fg.muted">
            {detail}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

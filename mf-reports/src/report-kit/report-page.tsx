import type { ReactNode } from 'react';
import { PageFrame, Stack, Text } from '@baridesk/ui';

export type ReportPageProps = {
  /** The report's name: the h1 and the browser tab. */
  title: string;
  /** One sentence under the title: what the report lists and which date the range applies to. */
  description?: string;
  /** The ReportFilters of the page. */
  filters: ReactNode;
  /** The ReportChart, when the numbers have a shape. */
  chart?: ReactNode;
  /** The report's tables (ReportTable), one or more. */
  children: ReactNode;
};

/** The frame every report shares: title, what it shows, its filters, its chart, then its tables. */
export function ReportPage({ title, description, filters, chart, children }: ReportPageProps) {
  return (
    <PageFrame title={title}>
      <Stack gap="5" minW="0">
        {description ? (
          <Text color="fg.muted" maxW="4xl">
            {description}
          </Text>
        ) : null}
        {filters}
        {chart}
        {children}
      </Stack>
    </PageFrame>
  );
}

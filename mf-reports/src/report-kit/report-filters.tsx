import type { ReactNode } from 'react';
import { Box, Button, SimpleGrid, Text } from '@baridesk/ui';
import { DatePicker } from '@baridesk/ui/dates';
import { FilterSelect, FoldingFilters, type FilterOption } from '@baridesk/ui/lists';
import { STAGES } from '@baridesk/domain';
import { useReportFilterChoices } from './api/report-calls';
import type { ReportFilterKey, ReportFiltersState } from './use-report-filters';

export type ReportFiltersProps = {
  /** useReportFilters' state (any report's: its own keys are the report's business). */
  filters: ReportFiltersState;
  /** What the From and To dates apply to, in words ("The day of surgery."). Omit when the report takes no dates. */
  datesHint?: string;
  /** The report's own controls (a time gap, a checklist item), placed after the common filters. */
  children?: ReactNode;
};

const named = (items: readonly { id: number; name: string }[] | undefined): FilterOption[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/**
 * The filters of a report: From and To dates, stage, tag, insurance coordinator and surgery type (the
 * choices of GET /api/reports/filters), then the report's own controls. Each change applies at once.
 */
export function ReportFilters(props: ReportFiltersProps) {
  return (
    <FoldingFilters activeCount={props.filters.activeCount}>
      <FilterFields {...props} />
    </FoldingFilters>
  );
}

function FilterFields({ filters, datesHint, children }: ReportFiltersProps) {
  const choices = useReportFilterChoices();
  const { values, set } = filters;
  const change = (key: ReportFilterKey) => (value: string) => set(key, value);
  const loading = choices.isPending;
  const stages: FilterOption[] = (choices.data?.stages ?? STAGES).map((stage) => ({ value: String(stage.id), label: stage.label }));
  const surgeryTypes: FilterOption[] = (choices.data?.surgeryTypes ?? []).map((type) => ({ value: type, label: type }));

  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" bg="bg" minW="0">
      <Text as="legend" px="1" fontWeight="semibold" textStyle="sm">
        Filters
      </Text>
      {choices.isError ? (
        <Text role="alert" color="fg.error" textStyle="sm" mb="3">
          The tag, coordinator and surgery type choices could not be loaded.
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {datesHint !== undefined ? (
          <>
            <DatePicker
              name="from"
              label="From"
              value={values.from}
              max={values.to || undefined}
              onChange={change('from')}
              helperText={datesHint}
            />
            <DatePicker name="to" label="To" value={values.to} min={values.from || undefined} onChange={change('to')} helperText={datesHint} />
          </>
        ) : null}
        <FilterSelect label="Stage" value={values.stage} options={stages} onChange={change('stage')} />
        <FilterSelect label="Tag" value={values.tag} options={named(choices.data?.tags)} onChange={change('tag')} disabled={loading} />
        <FilterSelect
          label="Insurance coordinator"
          value={values.coordinator}
          options={named(choices.data?.coordinators)}
          onChange={change('coordinator')}
          disabled={loading}
        />
        <FilterSelect label="Surgery type" value={values.surgery_type} options={surgeryTypes} onChange={change('surgery_type')} disabled={loading} />
        {children}
      </SimpleGrid>
      <Box mt="4">
        <Button variant="outline" size="sm" onClick={filters.clear} disabled={filters.activeCount === 0}>
          Reset filters
        </Button>
      </Box>
    </Box>
  );
}

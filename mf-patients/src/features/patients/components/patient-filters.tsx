import { Box, Button, SimpleGrid, Text } from '@baridesk/ui';
import { FilterSelect, FoldingFilters, SearchBox, type FilterOption } from '@baridesk/ui/lists';
import { DatePicker } from '@baridesk/ui/dates';
import type { PreLoadFilters } from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import type { PatientFilterKey, PatientFilterValues } from '../utils/patient-search';

export type PatientFiltersProps = {
  values: PatientFilterValues;
  onChange: (key: PatientFilterKey, value: string) => void;
  onClear: () => void;
  /** Search text or a filter is set: "Clear filters" has something to clear. */
  canClear: boolean;
  /** The choices of GET /api/pre-load-filters; undefined while they load. */
  choices: PreLoadFilters | undefined;
  choicesFailed: boolean;
  /** How many filters are set: shown on the button that opens them on a small screen. */
  activeCount: number;
};

const STATUS_OPTIONS: FilterOption[] = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const APP_OPTIONS: FilterOption[] = [
  { value: 'invited', label: 'Invited' },
  { value: 'never_used', label: 'Never used the app' },
];

const named = (items: readonly { id: number; name: string }[] | undefined): FilterOption[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/**
 * The filters of the patient list; each change applies at once and goes back to page 1. On a small
 * screen they fold behind a "Filters" button that says how many are set, so the list is what shows first.
 */
export function PatientFilters(props: PatientFiltersProps) {
  return (
    <FoldingFilters activeCount={props.activeCount}>
      <FilterFields {...props} />
    </FoldingFilters>
  );
}

function FilterFields({ values, onChange, onClear, canClear, choices, choicesFailed }: PatientFiltersProps) {
  const stages: FilterOption[] = (choices?.stages ?? STAGES).map((stage) => ({ value: String(stage.id), label: stage.label }));
  const loading = choices === undefined && !choicesFailed;
  const from = values.surgery_from ?? '';
  const to = values.surgery_to ?? '';

  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Text as="legend" px="1" fontWeight="semibold" textStyle="sm">
        Filters
      </Text>
      {choicesFailed ? (
        <Text role="alert" color="fg.error" textStyle="sm" mb="3">
          The tag, location and coordinator choices could not be loaded.
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <FilterSelect label="Stage" value={values.stage ?? ''} options={stages} onChange={(v) => onChange('stage', v)} />
        <FilterSelect
          label="Tag"
          value={values.tag ?? ''}
          options={named(choices?.tags)}
          onChange={(v) => onChange('tag', v)}
          disabled={loading}
        />
        <SearchBox
          label="Surgery type"
          type="text"
          value={values.surgery_type ?? ''}
          placeholder="e.g. Sleeve"
          onCommit={(v) => onChange('surgery_type', v.trim())}
        />
        <FilterSelect
          label="Location"
          value={values.location ?? ''}
          options={named(choices?.locations)}
          onChange={(v) => onChange('location', v)}
          disabled={loading}
        />
        <DatePicker
          name="surgery_from"
          label="Surgery date from"
          value={from}
          max={to || undefined}
          onChange={(v) => onChange('surgery_from', v)}
        />
        <DatePicker
          name="surgery_to"
          label="Surgery date to"
          value={to}
          min={from || undefined}
          onChange={(v) => onChange('surgery_to', v)}
        />
        <FilterSelect
          label="Insurance coordinator"
          value={values.coordinator ?? ''}
          options={named(choices?.coordinators)}
          onChange={(v) => onChange('coordinator', v)}
          disabled={loading}
        />
        <FilterSelect label="Status" value={values.status ?? ''} options={STATUS_OPTIONS} onChange={(v) => onChange('status', v)} />
        <FilterSelect label="App" value={values.app ?? ''} options={APP_OPTIONS} onChange={(v) => onChange('app', v)} />
      </SimpleGrid>
      <Box mt="4">
        <Button variant="outline" size="sm" onClick={onClear} disabled={!canClear}>
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}

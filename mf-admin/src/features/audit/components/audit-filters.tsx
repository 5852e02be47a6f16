import { Box, Button, SimpleGrid, Text } from '@baridesk/ui';
import { FilterSelect, FoldingFilters, SearchBox, type FilterOption } from '@baridesk/ui/lists';
import { DatePicker } from '@baridesk/ui/dates';
import type { AuditChoices } from '@baridesk/contracts';
import type { AuditFilterKey, AuditFilterValues } from '../api/get-audit';

export type AuditFiltersProps = {
  values: AuditFilterValues;
  onChange: (key: AuditFilterKey, value: string) => void;
  onClear: () => void;
  /** GET /api/admin/audit/choices; undefined while it loads. */
  choices: AuditChoices | undefined;
  choicesFailed: boolean;
  activeCount: number;
};

const RESULT_OPTIONS: FilterOption[] = [
  { value: '1', label: 'Succeeded' },
  { value: '0', label: 'Failed' },
];

/**
 * The actions as choices: every action, and before the actions of a group ('patient.read',
 * 'patient.update') the group itself ('patient.', "patient: every action"), which the API reads as a prefix.
 */
export function actionOptions(actions: readonly string[]): FilterOption[] {
  const options: FilterOption[] = [];
  const groups = new Set<string>();
  for (const action of actions) {
    const dot = action.indexOf('.');
    const group = dot > 0 ? action.slice(0, dot + 1) : null;
    if (group && !groups.has(group) && actions.filter((a) => a.startsWith(group)).length > 1) {
      groups.add(group);
      options.push({ value: group, label: `${group.slice(0, -1)}: every action` });
    }
    options.push({ value: action, label: action });
  }
  return options;
}

/** Digits only: an id field never sends the API something it must refuse. */
const digits = (value: string) => value.replace(/\D/g, '').replace(/^0+/, '');

/**
 * The trail's filters: the person (name or e-mail), program, patient (id), action (one, or a group),
 * record kind, dates (UTC days) and result. Each change applies at once; on a small screen they fold
 * behind a "Filters" button that says how many are set.
 */
export function AuditFilters(props: AuditFiltersProps) {
  return (
    <FoldingFilters activeCount={props.activeCount}>
      <FilterFields {...props} />
    </FoldingFilters>
  );
}

function FilterFields({ values, onChange, onClear, choices, choicesFailed, activeCount }: AuditFiltersProps) {
  const loading = choices === undefined && !choicesFailed;
  const from = values.from ?? '';
  const to = values.to ?? '';
  const programs: FilterOption[] = (choices?.programs ?? []).map((p) => ({ value: String(p.id), label: p.title }));
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Text as="legend" px="1" fontWeight="semibold" textStyle="sm">
        Filters
      </Text>
      {choicesFailed ? (
        <Text role="alert" color="fg.error" textStyle="sm" mb="3">
          The action and program choices could not be loaded.
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <SearchBox label="Person" type="text" placeholder="Name or e-mail" value={values.search ?? ''} onCommit={(v) => onChange('search', v.trim())} />
        <FilterSelect label="Program" value={values.program_id ?? ''} options={programs} onChange={(v) => onChange('program_id', v)} disabled={loading} />
        <SearchBox label="Patient id" type="text" placeholder="e.g. 1042" value={values.patient_id ?? ''} onCommit={(v) => onChange('patient_id', digits(v))} />
        <FilterSelect
          label="Action"
          value={values.action ?? ''}
          options={actionOptions(choices?.actions ?? [])}
          onChange={(v) => onChange('action', v)}
          disabled={loading}
        />
        <SearchBox label="Record kind" type="text" placeholder="e.g. patient" value={values.entity ?? ''} onCommit={(v) => onChange('entity', v.trim())} />
        <DatePicker name="from" label="From (UTC)" value={from} max={to || undefined} onChange={(v) => onChange('from', v)} />
        <DatePicker name="to" label="To (UTC)" value={to} min={from || undefined} onChange={(v) => onChange('to', v)} />
        <FilterSelect label="Result" value={values.success ?? ''} options={RESULT_OPTIONS} onChange={(v) => onChange('success', v)} />
      </SimpleGrid>
      {values.actor ? (
        <Text textStyle="sm" mt="3">
          Showing one account's records (#{values.actor}).{' '}
          <Button size="xs" variant="outline" colorPalette="gray" onClick={() => onChange('actor', '')}>
            Show every account
          </Button>
        </Text>
      ) : null}
      <Button mt="3" size="sm" variant="ghost" onClick={onClear} disabled={activeCount === 0}>
        Clear filters
      </Button>
    </Box>
  );
}

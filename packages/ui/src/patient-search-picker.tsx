import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Field, Input, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { getJson, queryOf } from '@baridesk/api-client';
import type { Page, PatientListItem } from '@baridesk/contracts';
import { useDebouncedValue } from './use-debounced-value';

/** How many matching patients the picker offers at once: a search narrows it, not a long list. */
const PICKER_PAGE = 8;

export type PickedPatient = Pick<PatientListItem, 'id' | 'name' | 'email'> & {
  /** The patient's program, when the search spans programs (a super admin's). */
  program_name?: string;
};

export type PatientSearchPickerProps = {
  /** Names the search field ("Find patients"). */
  label: string;
  /** Patients not to offer (already chosen, already on the list). */
  excludeIds?: readonly number[];
  onPick: (patient: PickedPatient) => void;
  /** The word on each result's button; the patient's name follows it for screen readers ("Add Jane Doe"). */
  actionLabel?: string;
  /** The results' buttons are disabled (the last pick is being saved). */
  busy?: boolean;
  placeholder?: string;
  /**
   * The search call below /api: the program's patients by default; a super admin's picker searches every
   * program ('admin/groups/patients'), and each match then names its program.
   */
  searchPath?: string;
};

/**
 * Searches the program's active patients (GET /api/patients, by name, e-mail or phone) and offers each
 * match with a button. The results are announced as they change. Used wherever staff choose patients one
 * by one: a message's recipients, a walk-in at an event.
 */
export function PatientSearchPicker({
  label,
  excludeIds = [],
  onPick,
  actionLabel = 'Add',
  busy = false,
  placeholder = 'Name, e-mail or phone',
  searchPath = 'patients',
}: PatientSearchPickerProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const term = useDebouncedValue(search.trim());
  const results = useQuery({
    queryKey: ['patient-search-picker', searchPath, term],
    queryFn: ({ signal }) =>
      getJson<{ data: Page<PatientListItem & { program_name?: string }> }>(searchPath, { searchParams: queryOf({ search: term, perPage: 10, status: 1, sort: 'name' }), signal }),
    enabled: term.length > 0,
  });
  const excluded = new Set(excludeIds);
  const found = (results.data?.data.data ?? []).filter((p) => !excluded.has(p.id)).slice(0, PICKER_PAGE);

  return (
    <Box>
      <Field.Root>
        <Field.Label htmlFor={searchId}>{label}</Field.Label>
        <Input id={searchId} type="search" value={search} placeholder={placeholder} onChange={(event) => setSearch(event.currentTarget.value)} />
      </Field.Root>
      {term ? (
        <Box aria-live="polite" mt="2">
          {found.length === 0 ? (
            <Text color="fg.muted">
              {results.isFetching ? 'Searching…' : results.isError ? 'The patients could not be searched.' : 'No other patient matches.'}
            </Text>
          ) : (
            <List.Root variant="plain" aria-label="Matching patients" gap="1">
              {found.map((patient) => (
                <List.Item key={patient.id} display="flex" justifyContent="space-between" alignItems="center" gap="2">
                  <Text>
                    {patient.name}
                    {patient.email ? <Text as="span" color="fg.muted">{` · ${patient.email}`}</Text> : null}
                    {patient.program_name ? <Text as="span" color="fg.muted">{` · ${patient.program_name}`}</Text> : null}
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={busy}
                    onClick={() =>
                      onPick({ id: patient.id, name: patient.name, email: patient.email, ...(patient.program_name ? { program_name: patient.program_name } : {}) })
                    }
                  >
                    {actionLabel}
                    <VisuallyHidden>{` ${patient.name}`}</VisuallyHidden>
                  </Button>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

import { useCallback, useMemo, useState } from 'react';
import { patientSelectionKey, type PatientSearch } from '../utils/patient-search';

/**
 * The patients ticked in the list, kept across pages and sorts while the search and filters stay the
 * same; a new search or filter starts an empty selection (the ticked rows may no longer be listed).
 * Ids are kept as text, as the table hands them over.
 */
export function usePatientSelection(search: PatientSearch) {
  const key = patientSelectionKey(search);
  const [state, setState] = useState<{ key: string; ids: string[] }>({ key, ids: [] });
  const selectedIds = useMemo(() => (state.key === key ? state.ids : []), [state, key]);
  const setSelectedIds = useCallback((ids: string[]) => setState({ key, ids }), [key]);
  const clear = useCallback(() => setState({ key, ids: [] }), [key]);
  const patientIds = useMemo(() => selectedIds.map(Number), [selectedIds]);
  return { selectedIds, patientIds, setSelectedIds, clear };
}

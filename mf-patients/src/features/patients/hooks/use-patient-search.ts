import { useCallback, useMemo } from 'react';
import { appStore, useAppStore } from '@baridesk/store';
import { listParamsActions } from '@baridesk/ui/lists';
import { readPatientSearch, withColumn, type PatientColumn, type PatientSearch } from '../utils/patient-search';

/**
 * The patient list's search, kept in the store (`savedSearches.patients`) so it is restored when the
 * list is opened again. The store is the only copy: every change is written there and read back.
 */
export function usePatientSearch() {
  const saved = useAppStore((state) => state.savedSearches.patients);
  const search = useMemo(() => readPatientSearch(saved), [saved]);

  // Read the latest value at call time: the pager changes the page size and the page in one go.
  const update = useCallback((change: (current: PatientSearch) => PatientSearch) => {
    const current = readPatientSearch(appStore.getState().savedSearches.patients);
    appStore.getState().setSavedSearch('patients', change(current));
  }, []);

  const actions = useMemo(
    () => ({
      ...listParamsActions(update),
      /** Shows or hides a column; kept with the saved search, so the list opens again with the same columns. */
      setColumnShown: (column: PatientColumn, shown: boolean) =>
        update((current) => ({ ...current, columns: withColumn(current.columns, column, shown) })),
    }),
    [update],
  );

  return { search, ...actions };
}

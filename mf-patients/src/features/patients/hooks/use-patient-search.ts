import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { appStore, useAppStore } from '@baridesk/store';
import { listParamsActions } from '@baridesk/ui/lists';
import { readPatientSearch, searchFromLink, withColumn, type PatientColumn, type PatientSearch } from '../utils/patient-search';

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

  // A link that names filters (a dashboard figure) replaces the saved search once, before the list is
  // read; the address is then cleared, so the store stays the only copy and Back does not apply it again.
  const [params, setParams] = useSearchParams();
  useLayoutEffect(() => {
    const linked = searchFromLink(readPatientSearch(appStore.getState().savedSearches.patients), params);
    if (!linked) return;
    appStore.getState().setSavedSearch('patients', linked);
    setParams({}, { replace: true });
  }, [params, setParams]);

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

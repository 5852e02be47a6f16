import { useCallback } from 'react';
import { downloadFile, type DownloadOptions } from '@baridesk/api-client';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { toPatientExportParams, type PatientSearch } from '../utils/patient-search';

/**
 * GET /api/patients/excel: every patient the search and filters give, in the list's order, or only the
 * selected ones among them (`ids`), as an Excel file the browser saves. Resolves with the name saved.
 */
export function exportPatients(
  search: PatientSearch,
  ids: readonly number[] | undefined,
  signal?: AbortSignal,
  onProgress?: DownloadOptions['onProgress'],
) {
  return downloadFile('patients/excel', { searchParams: toPatientExportParams(search, ids), signal, onProgress, fallbackName: 'patients.xlsx' });
}

/**
 * The export with the report banner shown while the file is made (Cancel stops it). A failure shows the
 * server's message; success shows nothing more, since the browser shows the download.
 */
export function usePatientExport() {
  const task = useDownloadTask();
  const { download: run } = task;
  const download = useCallback(
    (search: PatientSearch, ids?: readonly number[]) =>
      run(ids ? 'Selected patients (Excel)' : 'Patients (Excel)', (signal, onProgress) => exportPatients(search, ids, signal, onProgress)),
    [run],
  );
  return { download, running: task.running, banner: task.banner };
}

import { useCallback } from 'react';
import { downloadFile, notifyError } from '@baridesk/api-client';
import { PATIENT_REPORT_TYPE_LABELS, type PatientReportPdfParams, type PatientReportType } from '@baridesk/contracts';
import { useLongTask } from '@baridesk/ui/overlays';

/**
 * GET /api/patients-report/pdf?patientId&type: the patient's report, saved by the browser under the name
 * the server gives (the fallback has the same shape). Resolves with the name saved.
 */
export function downloadPatientPdf(patientId: number, type: PatientReportType, signal?: AbortSignal) {
  const searchParams: PatientReportPdfParams = { patientId, type };
  return downloadFile('patients-report/pdf', { searchParams, signal, fallbackName: `patient-${patientId}-${type}.pdf` });
}

/**
 * Downloads a patient's PDF with the report banner shown (Cancel stops it). A failure shows the server's
 * message; success shows nothing more, since the browser shows the download.
 */
export function usePatientPdfDownload() {
  const task = useLongTask();
  const { run } = task;
  const download = useCallback(
    async (patientId: number, type: PatientReportType) => {
      try {
        await run(`Patient report (${PATIENT_REPORT_TYPE_LABELS[type]}, PDF)`, (signal) => downloadPatientPdf(patientId, type, signal));
      } catch (error) {
        notifyError(error, 'Patient report');
      }
    },
    [run],
  );
  return { download, running: task.running, banner: task.banner };
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile, getJson, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type { AttendanceOccurrence, AttendancePatient, Page } from '@baridesk/contracts';
import type { AttendancePatientsParams } from '../utils/attendance-params';
import { patientEventsKey } from './get-attendance-events';

export type AttendancePatientsPage = Page<AttendancePatient> & { occurrence: AttendanceOccurrence };

/** GET /api/patient-events/patients: one page of an occurrence's patients, and the occurrence with its counts. */
export const useAttendancePatients = (params: AttendancePatientsParams) =>
  useQuery({
    queryKey: [...patientEventsKey, 'patients', params],
    queryFn: ({ signal }) => getJson<{ data: AttendancePatientsPage }>('patient-events/patients', { searchParams: queryOf(params), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/patient-events/patients/excel: the occurrence's patients the search and filters give. */
export const exportAttendancePatients = (params: AttendancePatientsParams, signal: AbortSignal, onProgress?: DownloadOptions['onProgress']) => {
  const { page: _page, perPage: _perPage, ...rest } = params;
  return downloadFile('patient-events/patients/excel', {
    searchParams: queryOf(rest),
    signal,
    onProgress,
    fallbackName: `attendance-${params.event_date}.xlsx`,
  });
};

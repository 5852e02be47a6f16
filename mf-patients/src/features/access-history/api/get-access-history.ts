import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { AuditListResponse } from '@baridesk/contracts';

/** GET /api/patients/{id}/access-history: one page of who read or changed the patient's record. */
export const useAccessHistory = (patientId: number, perPage: number, before: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['patient-access-history', patientId, perPage, before],
    queryFn: ({ signal }) =>
      getJson<AuditListResponse>(`patients/${patientId}/access-history`, { searchParams: queryOf({ perPage, before }), signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

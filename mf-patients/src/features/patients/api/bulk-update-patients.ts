import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientBulkBody, PatientBulkResponse } from '@baridesk/contracts';
import { patientsQueryKey } from './get-patients';

/** POST /api/patients/bulk: one change (add a tag, change the stage) to the selected patients. */
export const bulkUpdatePatients = (body: PatientBulkBody) => postJson<PatientBulkResponse>('patients/bulk', body);

/** The bulk change; on success every page of the list is read again (rows may now match other filters). */
export function useBulkUpdatePatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdatePatients,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientsQueryKey() }),
  });
}

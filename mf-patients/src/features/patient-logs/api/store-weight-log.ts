import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { WeightLogStoreBody, WeightLogStoreResponse } from '@baridesk/contracts';
import { patientLogsKey } from '../utils/log-queries';

/** POST /api/weight-logs/store {patient_id, date, weight}: a weight entered by staff. */
export const storeWeightLog = (body: WeightLogStoreBody) => postJson<WeightLogStoreResponse>('weight-logs/store', body);

/** Saves a weight, then reloads the patient's weight chart (and the patient, whose current weight may change). */
export function useStoreWeightLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeWeightLog,
    onSuccess: (_saved, body) => queryClient.invalidateQueries({ queryKey: patientLogsKey(body.patient_id) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { AddMissingPipelinePatientBody, AddMissingPipelinePatientResponse, MissingPipelineResponse } from '@baridesk/contracts';
import { missingPatientsKey } from './get-missing-pipeline-patients';

/** POST /api/add-missing-pipeline-patient: puts the patient in a status of their current stage. */
export const addMissingPipelinePatient = (body: AddMissingPipelinePatientBody) =>
  postJson<AddMissingPipelinePatientResponse>('add-missing-pipeline-patient', body);

const listsKey = [...missingPatientsKey, 'list'] as const;

/**
 * The patient leaves the list at once on success; the list is fetched again either way (a refusal
 * may say the patient got a status meanwhile).
 */
export function useAddMissingPipelinePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMissingPipelinePatient,
    onSuccess: (_answer, { patient_id: patientId }) =>
      queryClient.setQueriesData<MissingPipelineResponse>({ queryKey: listsKey }, (list) => {
        if (!list?.data.data.some((patient) => patient.id === patientId)) return list;
        const rows = list.data.data.filter((patient) => patient.id !== patientId);
        return { ...list, data: { ...list.data, data: rows, total: Math.max(list.data.total - 1, 0) } };
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listsKey }),
  });
}

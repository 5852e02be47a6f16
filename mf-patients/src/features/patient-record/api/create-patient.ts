import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientSavedResponse, PatientStoreBody } from '@baridesk/contracts';
import { patientRecordKey } from './get-patient';

/** POST /api/patients/store (201): the new patient and the notice (it says whether the invitation went out). */
export const createPatient = (body: PatientStoreBody) => postJson<PatientSavedResponse>('patients/store', body);

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: (saved) => {
      queryClient.setQueryData([...patientRecordKey, saved.data.id], saved.data);
      // The patient list shows the newcomer on its next visit.
      void queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientSavedResponse, PatientUpdateBody } from '@baridesk/contracts';
import { patientRecordKey } from './get-patient';

/**
 * POST /api/patients/update with the version the form was filled from. A 409 means someone else saved
 * the patient meanwhile: nothing was written (see edit-patient-screen for what the user can do then).
 */
export const updatePatient = (body: PatientUpdateBody) => postJson<PatientSavedResponse>('patients/update', body);

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: (saved) => {
      queryClient.setQueryData([...patientRecordKey, saved.data.id], saved.data);
      void queryClient.invalidateQueries({ queryKey: ['patients'], predicate: (query) => query.queryKey[1] !== 'record' });
    },
  });
}

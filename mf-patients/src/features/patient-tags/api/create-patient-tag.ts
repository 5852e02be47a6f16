import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientTagSavedResponse, PatientTagStoreBody } from '@baridesk/contracts';
import { patientTagsKey } from './get-patient-tags';

/** POST /api/user-category/store */
export const createPatientTag = (body: PatientTagStoreBody) => postJson<PatientTagSavedResponse>('user-category/store', body);

export function useCreatePatientTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatientTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientTagsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientTagSavedResponse, PatientTagUpdateBody } from '@baridesk/contracts';
import { patientTagsKey } from './get-patient-tags';

/** POST /api/user-category/update */
export const updatePatientTag = (body: PatientTagUpdateBody) => postJson<PatientTagSavedResponse>('user-category/update', body);

export function useUpdatePatientTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatientTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientTagsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PatientTagDeleteBody } from '@baridesk/contracts';
import { patientTagsKey } from './get-patient-tags';

/** POST /api/user-category/delete: refused (409) while patients carry the tag. */
export const deletePatientTag = (body: PatientTagDeleteBody) => postJson<{ message: string }>('user-category/delete', body);

export function useDeletePatientTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePatientTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientTagsKey }),
  });
}

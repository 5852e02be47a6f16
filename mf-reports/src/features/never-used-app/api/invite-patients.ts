import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import { SEMINAR_REPORT_PATHS, type InvitePatientsResult } from '@baridesk/contracts';
import { reportsKey } from '../../../report-kit';

/** POST not-connected-patients/invite: invites the patients (each with the patient record's invitation). */
export const useInvitePatients = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => postJson<{ data: InvitePatientsResult; message: string }>(SEMINAR_REPORT_PATHS.notConnectedInvite, { ids }),
    // An invited patient reads "Invited" in the list from now on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
};

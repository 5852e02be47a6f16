import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFile, getJson, notifyError, notifySuccess, postJson, type DownloadOptions } from '@baridesk/api-client';
import { programUserResource, type ProgramUserExportQuery, type ProgramUserUpdatePasswordBody, type ResourceOption } from '@baridesk/contracts';
import { refreshResource } from '@baridesk/ui/resources';

const BASE = 'admin/program-user';

/** What the programs area's picker call answers of a program (GET /api/admin/baritastic-program/with-patient-tags[/{id}]). */
type ProgramWithTags = { id: number; title: string; tags: ResourceOption[] };
const PROGRAMS = 'admin/baritastic-program/with-patient-tags';

/** The live programs, by title: the program picker's and the list filter's choices. */
export const programChoices = {
  name: 'program-user-programs',
  choices: async (_categoryId: number | undefined, signal: AbortSignal): Promise<ResourceOption[]> =>
    (await getJson<{ data: ProgramWithTags[] }>(PROGRAMS, { signal })).data.map((program) => ({ id: program.id, name: program.title })),
};

/** The chosen program's active patient tags: the default tag's choices (none before a program is chosen). */
export const programTagChoices = {
  name: 'program-user-program-tags',
  choices: async (programId: number | undefined, signal: AbortSignal): Promise<ResourceOption[]> =>
    programId === undefined ? [] : (await getJson<{ data: ProgramWithTags }>(`${PROGRAMS}/${programId}`, { signal })).data.tags,
};

/** POST /reset-security or /resend-invite for one user; the server's message is shown, a refusal as a notice. */
export function useProgramUserAction(action: 'reset-security' | 'resend-invite') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => postJson<{ message: string }>(`${BASE}/${action}`, { id }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error),
    onSettled: () => refreshResource(queryClient, programUserResource),
  });
}

/** POST /update-password: the super admin sets the user's password. */
export const updateProgramUserPassword = (body: ProgramUserUpdatePasswordBody) => postJson<{ message: string }>(`${BASE}/update-password`, body);

/** GET /export: the program users the list shows (its search, filters and order, every page) as an Excel file the browser saves. */
export const exportProgramUsers = (query: Partial<ProgramUserExportQuery>, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile(`${BASE}/export`, {
    searchParams: query,
    signal,
    onProgress,
    fallbackName: 'program-users.xlsx',
  });

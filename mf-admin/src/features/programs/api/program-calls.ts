import { downloadFile, postJson, type DownloadOptions } from '@baridesk/api-client';
import type { ProgramUpdatePasswordBody } from '@baridesk/contracts';

const BASE = 'admin/baritastic-program';

/** POST /update-password: the super admin sets the program account's password. */
export const updateProgramPassword = (body: ProgramUpdatePasswordBody) => postJson<{ message: string }>(`${BASE}/update-password`, body);

/** GET /export: every program (live ones, by title) as an Excel file the browser saves. */
export const exportPrograms = (signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile(`${BASE}/export`, { signal, onProgress, fallbackName: 'programs.xlsx' });

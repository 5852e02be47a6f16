import { downloadFile, postJson, type DownloadOptions } from '@baridesk/api-client';
import type { ProgramExportQuery, ProgramUpdatePasswordBody } from '@baridesk/contracts';

const BASE = 'admin/baritastic-program';

/** POST /update-password: the super admin sets the program account's password. */
export const updateProgramPassword = (body: ProgramUpdatePasswordBody) => postJson<{ message: string }>(`${BASE}/update-password`, body);

/** GET /export: the programs the list shows (its search, filters and order, every page) as an Excel file the browser saves. */
export const exportPrograms = (query: Partial<ProgramExportQuery>, signal?: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile(`${BASE}/export`, { searchParams: query, signal, onProgress, fallbackName: 'programs.xlsx' });

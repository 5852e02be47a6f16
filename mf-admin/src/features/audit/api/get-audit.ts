import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile, getJson, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type { AuditChoices, AuditListResponse } from '@baridesk/contracts';

/** The trail's filters as the screen holds them (the address's query): '' or absent filters nothing. */
export type AuditFilterValues = Partial<Record<AuditFilterKey, string>>;
export const AUDIT_FILTER_KEYS = ['search', 'actor', 'program_id', 'patient_id', 'action', 'entity', 'from', 'to', 'success'] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

/** GET /api/admin/audit: one page of the trail, below `before` (the previous page's last record). */
export const useAuditTrail = (filters: AuditFilterValues, perPage: number, before: number | undefined) =>
  useQuery({
    queryKey: ['admin-audit', filters, perPage, before],
    queryFn: ({ signal }) => getJson<AuditListResponse>('admin/audit', { searchParams: queryOf({ ...filters, perPage, before }), signal }),
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/audit/choices: the actions the trail holds and the programs, for the filters. */
export const useAuditChoices = () =>
  useQuery({
    queryKey: ['admin-audit-choices'],
    queryFn: ({ signal }) => getJson<{ data: AuditChoices }>('admin/audit/choices', { signal }),
    staleTime: 60_000,
  });

/** GET /api/admin/audit/excel: every record of the filters (a large file is made in the background). */
export const exportAuditTrail = (filters: AuditFilterValues, signal: AbortSignal, onProgress?: DownloadOptions['onProgress']) =>
  downloadFile('admin/audit/excel', { searchParams: queryOf(filters), signal, onProgress, fallbackName: 'audit-trail.xlsx' });

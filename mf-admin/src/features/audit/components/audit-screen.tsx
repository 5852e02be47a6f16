import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, type AuditRecord } from '@baridesk/contracts';
import { Button, HStack, PageFrame, Stack, Text } from '@baridesk/ui';
import { AuditRecordModal, CursorPager, DataTable, LoadError, auditColumns, useCursorPages } from '@baridesk/ui/lists';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { AUDIT_FILTER_KEYS, exportAuditTrail, useAuditChoices, useAuditTrail, type AuditFilterKey, type AuditFilterValues } from '../api/get-audit';
import { AuditFilters } from './audit-filters';

/**
 * /admin/audit, the audit trail (HIPAA §164.312(b)), for super admins with audit_trail: who read or
 * changed which record, when and from where, newest first. The filters live in the address
 * (/admin/audit?patient_id=1042 links straight to a patient's trail); the list pages by cursor (Newer,
 * Older); a record's Details button opens the rest of it; Excel takes every record of the filters.
 */
export default function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const values: AuditFilterValues = {};
    for (const key of AUDIT_FILTER_KEYS) {
      const value = params.get(key);
      if (value) values[key] = value;
    }
    return values;
  }, [params]);
  const pages = useCursorPages(AUDIT_DEFAULT_PAGE_SIZE);
  const query = useAuditTrail(filters, pages.perPage, pages.before);
  const choices = useAuditChoices();
  const excel = useDownloadTask();
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const page = query.data?.data;

  const setFilter = useCallback(
    (key: AuditFilterKey, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      );
      pages.first();
    },
    [setParams, pages],
  );
  /** From a record's detail: the trail of its person or patient. */
  const narrow = (key: AuditFilterKey, value: string) => {
    setOpen(null);
    setFilter(key, value);
  };
  const clear = () => {
    setParams(new URLSearchParams(), { replace: true });
    pages.first();
  };

  const columns = useMemo(() => auditColumns({ patient: true, program: true, onOpen: setOpen }), []);
  const activeCount = Object.keys(filters).length;

  return (
    <PageFrame
      title="Audit Trail"
      actions={
        <Button
          variant="outline"
          colorPalette="gray"
          disabled={!page || page.total === 0 || excel.running}
          onClick={() => void excel.download('Audit trail (Excel)', (signal, onProgress) => exportAuditTrail(filters, signal, onProgress))}
        >
          Download Excel
        </Button>
      }
    >
      <Stack gap="4">
        {excel.banner}
        <Text textStyle="sm" color="fg.muted">
          Who read or changed which record, when and from where. Times and dates are in UTC.
        </Text>
        <AuditFilters
          values={filters}
          onChange={setFilter}
          onClear={clear}
          choices={choices.data?.data}
          choicesFailed={choices.isError}
          activeCount={activeCount}
        />
        {query.isError ? <LoadError title="The audit trail could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} /> : null}
        <DataTable
          caption="Audit trail, newest first"
          columns={columns}
          rows={page?.data ?? []}
          getRowId={(r) => r.id}
          loading={query.isFetching}
          emptyText={activeCount > 0 ? 'No record matches these filters.' : 'No records yet.'}
          pager={
            <CursorPager
              pages={pages}
              sizes={AUDIT_PAGE_SIZES}
              shown={page?.data.length ?? 0}
              total={page?.total ?? 0}
              exact={page?.total_exact ?? true}
              next={page?.next ?? null}
              label="Audit trail pages"
            />
          }
        />
        <AuditRecordModal
          record={open}
          onClose={() => setOpen(null)}
          footer={(record) => (
            <HStack gap="2" wrap="wrap">
              {record.actor?.id ? (
                <Button variant="outline" colorPalette="gray" onClick={() => narrow('actor', String(record.actor!.id))}>
                  This person's records
                </Button>
              ) : null}
              {record.patient ? (
                <Button variant="outline" colorPalette="gray" onClick={() => narrow('patient_id', String(record.patient!.id))}>
                  This patient's records
                </Button>
              ) : null}
            </HStack>
          )}
        />
      </Stack>
    </PageFrame>
  );
}

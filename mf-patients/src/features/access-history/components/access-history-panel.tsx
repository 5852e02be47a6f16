import { useId, useMemo, useState } from 'react';
import { AUDIT_DEFAULT_PAGE_SIZE, AUDIT_PAGE_SIZES, type AuditRecord } from '@baridesk/contracts';
import { useAppStore } from '@baridesk/store';
import { Button, Card, Heading, Stack, Text } from '@baridesk/ui';
import { AuditRecordModal, CursorPager, DataTable, LoadError, auditColumns, useCursorPages } from '@baridesk/ui/lists';
import { useAccessHistory } from '../api/get-access-history';

/**
 * The patient record's "Access history" (HIPAA §164.312(b)): who read or changed this patient's record,
 * lists and exports that showed the patient included, when and from where, newest first. For the
 * program's administrator (sub user) alone, as the API is; it loads when asked for, since every look at
 * it is itself recorded.
 */
export function AccessHistoryPanel({ patientId }: { patientId: number }) {
  const isSubUser = useAppStore((state) => state.user?.type === 'sub_user');
  const headingId = useId();
  const [shown, setShown] = useState(false);
  const pages = useCursorPages(AUDIT_DEFAULT_PAGE_SIZE);
  const query = useAccessHistory(patientId, pages.perPage, pages.before, isSubUser && shown);
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const columns = useMemo(() => auditColumns({ patient: false, program: false, onOpen: setOpen }), []);
  if (!isSubUser) return null;
  const page = query.data?.data;

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="md" id={headingId}>
          Access history
        </Heading>
      </Card.Header>
      <Card.Body>
        {shown ? (
          <Stack gap="3">
            <Text textStyle="sm" color="fg.muted">
              Who read or changed this record, when and from where (times in UTC). Lists and exports that showed this patient are included.
            </Text>
            {query.isError ? <LoadError title="The access history could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} /> : null}
            <DataTable
              caption="Access history of this patient's record, newest first"
              columns={columns}
              rows={page?.data ?? []}
              getRowId={(r) => r.id}
              loading={query.isFetching}
              emptyText="No one has opened this record yet."
              pager={
                <CursorPager
                  pages={pages}
                  sizes={AUDIT_PAGE_SIZES}
                  shown={page?.data.length ?? 0}
                  total={page?.total ?? 0}
                  exact={page?.total_exact ?? true}
                  next={page?.next ?? null}
                  label="Access history pages"
                />
              }
            />
            <AuditRecordModal record={open} onClose={() => setOpen(null)} />
          </Stack>
        ) : (
          <Stack gap="3" align="flex-start">
            <Text textStyle="sm" color="fg.muted">
              Who read or changed this patient's record, when and from where.
            </Text>
            <Button variant="outline" colorPalette="gray" onClick={() => setShown(true)}>
              Show access history
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

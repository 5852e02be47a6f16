import { useRef, useState } from 'react';
import { notifyError } from '@baridesk/api-client';
import { INVITE_MESSAGES, MAX_INVITES, NOT_CONNECTED_SORTS, SEMINAR_REPORT_PATHS, type NotConnectedPatientRow, type NotConnectedSort } from '@baridesk/contracts';
import { formatAmount, formatPhone } from '@baridesk/domain';
import { Button, Text, notify } from '@baridesk/ui';
import { TruncatedText, type DataTableColumn } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { ReportFilters, ReportPage, ReportTable, dateColumn, textColumn, usePatientColumn, useReportFilters } from '../../../report-kit';
import { useInvitePatients } from '../api/invite-patients';

/**
 * /not-connected-patients-report, Never Used App: patients who never signed in to the app (the dates
 * are the days they were added), whether they were invited, and Invite for one patient or the selected
 * ones after a confirmation; the answer (how many invited, who was skipped and why) shows as a notice.
 */
export function NeverUsedAppScreen() {
  const filters = useReportFilters();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const invite = useInvitePatients();
  const { confirm, dialog } = useConfirm();
  // The names of the rows seen, so the notice can name who was skipped on any page.
  const names = useRef(new Map<number, string>());
  const nameOf = (id: number) => names.current.get(id) ?? `Patient ${id}`;

  const inviteThese = async (ids: number[]) => {
    const who = ids.length === 1 ? nameOf(ids[0]!) : `${formatAmount(ids.length)} patients`;
    const yes = await confirm({
      title: 'Invite to the app',
      message: `Send ${who} the e-mail that invites them to the app?`,
      confirmLabel: 'Invite',
    });
    if (!yes) return;
    try {
      const answer = await invite.mutateAsync(ids);
      const { skipped } = answer.data;
      notify({
        status: skipped.length === 0 ? 'success' : answer.data.invited === 0 ? 'error' : 'warning',
        title: 'Invite to the app',
        message: answer.message,
        errors: skipped.map((skip) => `${nameOf(skip.id)}: ${skip.reason}`),
      });
      setSelectedIds((current) => current.filter((id) => !ids.includes(Number(id))));
    } catch (error) {
      notifyError(error, 'Invite to the app');
    }
  };

  const columns: DataTableColumn<NotConnectedPatientRow>[] = [
    usePatientColumn<NotConnectedPatientRow>(),
    textColumn('email', 'E-mail', { sortable: true }),
    { key: 'phone', header: 'Phone', width: '9rem', render: (row) => <TruncatedText text={row.phone ? formatPhone(row.phone) : ''} /> },
    dateColumn('added_on', 'Added', { sortable: true }),
    { key: 'invited', header: 'Invited', sortable: true, width: '6rem', render: (row) => (row.invited === 1 ? 'Yes' : 'No') },
    textColumn('coordinator', 'Coordinator'),
    {
      key: 'invite',
      header: 'Invite',
      width: '7rem',
      render: (row) => {
        names.current.set(row.id, row.name);
        const label = row.invited === 1 ? 'Invite again' : 'Invite';
        return (
          // The visible words first in the name (axe: label-content-name-mismatch), the patient after.
          <Button size="xs" variant="outline" aria-label={`${label} ${row.name}`} disabled={invite.isPending} onClick={() => void inviteThese([row.id])}>
            {label}
          </Button>
        );
      },
    },
  ];
  const tooMany = selectedIds.length > MAX_INVITES;

  return (
    <ReportPage
      title="Never Used App"
      description="Patients who have never signed in to the app. Invite sends them the app's invitation e-mail again."
      filters={<ReportFilters filters={filters} datesHint="The day the patient was added." />}
    >
      {dialog}
      <ReportTable<NotConnectedPatientRow, NotConnectedSort>
        caption="Patients who never used the app"
        path={SEMINAR_REPORT_PATHS.notConnected}
        excelPath={SEMINAR_REPORT_PATHS.notConnectedExcel}
        excelLabel="Never Used App (Excel)"
        excelFallbackName="never-used-app.xlsx"
        params={filters.query}
        columns={columns}
        sorts={NOT_CONNECTED_SORTS}
        defaultSort="name"
        defaultDirection="asc"
        noun={['patient', 'patients']}
        emptyText="Every patient with these filters uses the app."
        errorTitle="The patients who never used the app could not be loaded."
        searchLabel="Search patients"
        minWidth="66rem"
        selection={{
          selectedIds,
          onSelectionChange: setSelectedIds,
          getRowLabel: (row) => row.name,
          actions: (
            <>
              {tooMany ? (
                <Text textStyle="sm" color="fg.error">
                  {INVITE_MESSAGES.tooMany}
                </Text>
              ) : null}
              <Button size="sm" disabled={invite.isPending || tooMany} onClick={() => void inviteThese(selectedIds.map(Number))}>
                Invite selected
              </Button>
            </>
          ),
        }}
      />
    </ReportPage>
  );
}

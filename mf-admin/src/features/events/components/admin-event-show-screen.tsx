import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { Button, DetailRow, HStack, PageFrame } from '@baridesk/ui';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { EventDetails, EventRecord } from '@baridesk/ui/dates';
import { useConfirm } from '@baridesk/ui/overlays';
import { recordIdOf } from '@baridesk/ui/resources';
import { useAdminEvent, useDeleteAdminEvent, useToggleAdminEvent } from '../api/admin-events';
import { ADMIN_EVENTS_BACK, ADMIN_EVENTS_PATH, adminEventEditPath } from '../admin-event-paths';

/** /admin/event/:id/show: an event of any program, with its program; the Active switch, Edit and Delete after asking. */
export default function AdminEventShowScreen() {
  const id = recordIdOf(useParams().id);
  const query = useAdminEvent(typeof id === 'number' ? id : null);
  const toggle = useToggleAdminEvent();
  const remove = useDeleteAdminEvent();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const event = query.data?.data;
  const title = event?.event_title ?? 'Event';
  const crumbs = [{ label: 'Events', to: ADMIN_EVENTS_PATH }, { label: title }];

  async function askDelete() {
    if (!event) return;
    const series = event.rrule !== null;
    const confirmed = await confirm({
      title: 'Delete event',
      message: series
        ? `Delete ${event.event_title} of ${event.program_title} and every day of its series? Its RSVPs and attendance go with it.`
        : `Delete ${event.event_title} of ${event.program_title}? Its RSVPs and attendance go with it.`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    remove.mutate(
      { id: event.id },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          void navigate(ADMIN_EVENTS_PATH);
        },
        onError: (error) => notifyError(error),
      },
    );
  }

  const body = (
    <EventRecord
      id={typeof id === 'number' ? id : null}
      query={query}
      back={ADMIN_EVENTS_BACK}
      render={(loaded) =>
        loaded ? (
          <EventDetails event={loaded}>
            <DetailRow term="Program">{loaded.program_title}</DetailRow>
          </EventDetails>
        ) : null
      }
    />
  );

  return (
    <PageFrame
      title={title}
      breadcrumbs={crumbs}
      actions={
        event ? (
          <HStack gap="3" wrap="wrap">
            <ToggleSwitch
              label="Active"
              checked={event.status === 1}
              disabled={toggle.isPending}
              onChange={(on) =>
                toggle.mutate({ id: event.id, status: on ? 1 : 0 }, { onSuccess: (saved) => notifySuccess(saved.message), onError: (error) => notifyError(error) })
              }
            />
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={adminEventEditPath(event.id)}>Edit</RouterLink>
            </Button>
            <Button variant="outline" colorPalette="red" loading={remove.isPending} onClick={() => void askDelete()}>
              Delete
            </Button>
          </HStack>
        ) : null
      }
    >
      {body}
      {dialog}
    </PageFrame>
  );
}

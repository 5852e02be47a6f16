import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import { ResourceList } from '@baridesk/ui/resources';
import { dynamicNotificationPaths, dynamicNotificationsView } from '../dynamic-notifications-view';

export const RUN_NOW_QUESTION = {
  title: 'Run the notifications now',
  message:
    'Check every switched-on notification for every program now, as the daily run does at 6 in the morning? Patients who meet a rule and were not sent it for that trigger get it in the app now; nobody gets one twice.',
  confirmLabel: 'Run now',
};

/**
 * The dynamic notifications list: the kit's list with Add, and Run now (after a question), which queues
 * every program's run for its local day; the server's answer is the notice.
 */
export default function DynamicNotificationListScreen() {
  const { confirm, dialog } = useConfirm();
  const run = useMutation({
    mutationFn: () => postJson<{ message: string }>('admin/dynamic-notification/run', {}),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error),
  });
  const askRun = async () => {
    if (await confirm(RUN_NOW_QUESTION)) await run.mutateAsync().catch(() => undefined);
  };
  return (
    <PageFrame
      title="Dynamic Notifications"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={askRun} loading={run.isPending}>
            Run now…
          </Button>
          <Button asChild>
            <RouterLink to={dynamicNotificationPaths.create}>Add Notification</RouterLink>
          </Button>
        </HStack>
      }
    >
      <ResourceList view={dynamicNotificationsView} />
      {dialog}
    </PageFrame>
  );
}

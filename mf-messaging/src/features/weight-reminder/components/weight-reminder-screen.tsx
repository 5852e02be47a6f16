import { formatDate } from '@baridesk/domain';
import { PageFrame, Skeleton, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useWeightReminder } from '../api/get-weight-reminder';
import { WeightReminderForm } from './weight-reminder-form';

/** /weight-reminder-message: the automatic reminder the patient app sends a patient who stops logging their weight. */
export default function WeightReminderScreen() {
  const query = useWeightReminder();
  const settings = query.data?.data;

  let body;
  if (query.isError) {
    body = (
      <LoadError
        title="The weight reminder settings could not be loaded."
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (settings) {
    body = (
      <>
        <Text color="fg.muted" fontSize="sm" mb="4">
          {settings.updated_at
            ? `Last saved ${formatDate(settings.updated_at)}.`
            : 'Not saved yet: the settings below are the defaults.'}
        </Text>
        <WeightReminderForm settings={settings} />
      </>
    );
  } else {
    body = (
      <Stack gap="3" maxW="3xl" role="status" aria-label="Loading the weight reminder settings">
        <Skeleton height="32" borderRadius="md" />
        <Skeleton height="48" borderRadius="md" />
      </Stack>
    );
  }

  return (
    <PageFrame title="Automatic Weight Reminder">
      <Text color="fg.muted" mb="2" maxW="prose">
        When a patient has not logged a weight for the number of days you choose, the app sends them this reminder.
      </Text>
      {body}
    </PageFrame>
  );
}

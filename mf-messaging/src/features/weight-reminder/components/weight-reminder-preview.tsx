import { useId } from 'react';
import { fillWeightReminder } from '@baridesk/contracts';
import { Box, Card, Text } from '@baridesk/ui';

/** The first name the preview fills in. */
export const SAMPLE_FIRST_NAME = 'Sarah';

export type WeightReminderPreviewProps = {
  /** The text that would be sent, placeholders unfilled; blank while the program's own text is empty. */
  text: string;
  on: boolean;
  /** The number of days as typed; shown only when it is a whole number. */
  intervalDays: string;
};

/** What a patient would receive, as typed so far (not as saved). */
export function WeightReminderPreview({ text, on, intervalDays }: WeightReminderPreviewProps) {
  const headingId = useId();
  const days = /^\d+$/.test(intervalDays.trim()) ? Number(intervalDays) : null;
  return (
    <Card.Root as="section" variant="subtle" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Text id={headingId} as="h2" fontWeight="semibold">
          Preview
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {`What a patient named ${SAMPLE_FIRST_NAME} receives`}
          {days !== null ? ` after ${days === 1 ? '1 day' : `${days} days`} without a weigh-in.` : '.'}
        </Text>
        <Box
          as="blockquote"
          aria-label="Reminder preview"
          bg="bg"
          borderWidth="1px"
          borderRadius="xl"
          px="4"
          py="3"
          maxW="md"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
        >
          {text.trim() ? fillWeightReminder(text.trim(), { firstName: SAMPLE_FIRST_NAME }) : 'Write your message to see it here.'}
        </Box>
        {on ? null : (
          <Text color="fg.muted" fontSize="sm">
            Reminders are off: nothing is sent until you switch them on and save.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

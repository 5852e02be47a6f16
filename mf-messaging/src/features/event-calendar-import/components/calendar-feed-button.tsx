import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { Button, FormField, HStack, Input, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import { Modal, useConfirm } from '@baridesk/ui/overlays';
import { useCalendarFeed, useRenewCalendarFeed } from '../api/calendar-feed';

/**
 * The feed dialog: the program's private iCalendar address with Copy, how to subscribe to it, and
 * Create link (none yet) or Reset link (a new address; calendars subscribed to the old one stop
 * updating, so it asks first).
 */
function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeed(true);
  const renew = useRenewCalendarFeed();
  const { confirm, dialog } = useConfirm();
  const [copied, setCopied] = useState('');
  const url = feed.data ?? null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Feed address copied.');
    } catch {
      setCopied('The address could not be copied: select it and copy it yourself.');
    }
  }

  async function makeLink() {
    if (url) {
      const confirmed = await confirm({
        title: 'Reset the feed link',
        message: 'A new address replaces this one. Calendars subscribed with the old address stop updating until they subscribe again with the new one.',
        confirmLabel: 'Reset link',
      });
      if (!confirmed) return;
    }
    setCopied('');
    renew.mutate(undefined, { onSuccess: (saved) => notifySuccess(saved.message), onError: (error) => notifyError(error) });
  }

  let body;
  if (feed.isPending) body = <Text color="fg.muted">Loading the feed address…</Text>;
  else if (feed.isError) body = <Text role="alert">{feed.error.message}</Text>;
  else
    body = (
      <Stack gap="4">
        <Text>
          Subscribe to this address in Google Calendar (Other calendars, then From URL) or Outlook (Add calendar, then Subscribe
          from web) to see the program&apos;s events there; they follow the changes made here. Anyone with the address can read the
          events, so keep it private.
        </Text>
        {url ? (
          <FormField label="Private feed address">
            {({ describedBy }) => (
              <HStack>
                <Input value={url} readOnly aria-describedby={describedBy} onFocus={(event) => event.currentTarget.select()} />
                <Button variant="outline" onClick={() => void copy()}>
                  Copy
                </Button>
              </HStack>
            )}
          </FormField>
        ) : (
          <Text>There is no feed address yet.</Text>
        )}
        <VisuallyHidden role="status">{copied}</VisuallyHidden>
        {copied ? (
          <Text color="fg.muted" aria-hidden>
            {copied}
          </Text>
        ) : null}
      </Stack>
    );

  return (
    <Modal
      open
      onClose={onClose}
      title="Subscribe to the calendar"
      size="lg"
      footer={
        <>
          {feed.isSuccess ? (
            <Button variant="outline" colorPalette={url ? 'red' : 'brand'} loading={renew.isPending} onClick={() => void makeLink()}>
              {url ? 'Reset link' : 'Create link'}
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {body}
      {dialog}
    </Modal>
  );
}

/** The calendar heading's Subscribe button: opens the feed dialog. */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Subscribe
      </Button>
      {open ? <CalendarFeedDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AuthUser } from '@baridesk/contracts';
import { acceptTerms, fetchUser, notifyError, notifySuccess } from '@baridesk/api-client';
import { appStore, useAppStore } from '@baridesk/store';
import { TERMS_AND_CONDITIONS } from '@baridesk/domain';
import { Box, Button, Heading, Stack, Text } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
import { Modal } from '@baridesk/ui/overlays';
import { useEndSession } from './end-session';
import { needsTermsAcceptance } from './sign-in-modals';

const NOTICE_TITLE = 'Terms And Conditions';
const ACCEPTED_MESSAGE = 'Terms And Conditions Accepted.';
export const TERMS_CHECKBOX_LABEL = 'I have read and accepted the terms and conditions';


/** Reached the end of the text (a 2 px slack for rounding), or the text fits without scrolling. */
const atEnd = (el: HTMLElement) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2;

/** The agreement in a scrollable region; tells once the reader has reached its end. */
function TermsText({ onReachedEnd }: { onReachedEnd: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const check = useCallback(() => {
    if (ref.current && atEnd(ref.current)) onReachedEnd();
  }, [onReachedEnd]);
  // A text short enough to fit needs no scrolling.
  useLayoutEffect(check, [check]);
  return (
    <Box
      ref={ref}
      onScroll={check}
      role="region"
      aria-label="Terms and conditions text"
      // Focusable so keyboard users can scroll it with the arrow keys.
      tabIndex={0}
      data-terms-text=""
      maxH="50vh"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      textStyle="sm"
    >
      <Stack gap="3">
        <Heading as="h3" size="md">
          {TERMS_AND_CONDITIONS.title}
        </Heading>
        {TERMS_AND_CONDITIONS.intro.map((p) => (
          <Text key={p}>{p}</Text>
        ))}
        {TERMS_AND_CONDITIONS.sections.map((section) => (
          <Stack key={section.heading} gap="2">
            <Heading as="h4" size="sm">
              {section.heading}
            </Heading>
            {section.paragraphs.map((p) => (
              <Text key={p}>{p}</Text>
            ))}
          </Stack>
        ))}
        <Text fontWeight="semibold">{TERMS_AND_CONDITIONS.closing}</Text>
      </Stack>
    </Box>
  );
}

/**
 * The licence terms a self-service program user must accept (staff-area section 4): the box and
 * Accept come alive only once the text has been read to its end; Decline logs out.
 */
export function TermsModal() {
  const user = useAppStore((s) => s.user);
  // A fresh dialog (nothing read, nothing ticked) for each user who has to answer.
  return user && needsTermsAcceptance(user) ? <TermsDialog key={user.id} user={user} /> : null;
}

function TermsDialog({ user }: { user: AuthUser }) {
  const [readToEnd, setReadToEnd] = useState(false);
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const endSession = useEndSession();
  const hintId = useId();
  const reachedEnd = useCallback(() => setReadToEnd(true), []);

  const accept = async () => {
    setBusy('accept');
    try {
      const answer = await acceptTerms(user.id);
      notifySuccess(answer.message ?? ACCEPTED_MESSAGE, NOTICE_TITLE);
      const current = appStore.getState().user;
      if (current) appStore.getState().setUser({ ...current, terms_and_conditions_check: answer.data.terms_and_conditions_check });
      // Take the server's copy too; the flag above already closed the modal.
      fetchUser()
        .then(({ data }) => appStore.getState().setUser(data))
        .catch(() => undefined);
    } catch (error) {
      notifyError(error, NOTICE_TITLE);
    } finally {
      setBusy(null);
    }
  };

  const decline = async () => {
    setBusy('decline');
    await endSession();
  };

  return (
    <Modal
      open
      onClose={() => undefined}
      dismissible={false}
      title="Terms and Conditions"
      size="lg"
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={() => void decline()} loading={busy === 'decline'} disabled={busy !== null}>
            Decline
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => void accept()}
            loading={busy === 'accept'}
            disabled={!readToEnd || !ticked || busy !== null}
          >
            Accept
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <TermsText onReachedEnd={reachedEnd} />
        {readToEnd ? null : (
          <Text id={hintId} textStyle="sm" color="fg.muted">
            Scroll to the end of the agreement to accept it.
          </Text>
        )}
        <Checkbox.Root
          checked={ticked}
          onCheckedChange={(details) => setTicked(details.checked === true)}
          disabled={!readToEnd}
          aria-describedby={readToEnd ? undefined : hintId}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{TERMS_CHECKBOX_LABEL}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </Modal>
  );
}

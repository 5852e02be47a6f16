/**
 * The one toaster of the app (notices of spec sections 5 and 8). `notify` may be called from
 * anywhere (a mutation's onError, a remote's event handler); `<Toaster/>` is rendered once by UiProvider.
 */
import { Box, Toaster as ChakraToaster, Stack, Toast, createToaster } from '@chakra-ui/react';
import { NOTIFICATION_TIMEOUT_MS } from '@baridesk/domain';
import type { Notice } from '@baridesk/event-bus';

// The notice is the payload of the bus's 'notify' event: one shape whether shown here or sent from a remote.
export type { Notice, NoticeStatus } from '@baridesk/event-bus';

export const toaster = createToaster({
  placement: 'top-end',
  duration: NOTIFICATION_TIMEOUT_MS,
  pauseOnPageIdle: true,
});

/**
 * Shows a notice for NOTIFICATION_TIMEOUT_MS (5 s); `errors` are listed as bullets under the message.
 * Returns the toast's id (for `toaster.dismiss(id)`).
 */
export function notify({ status, title, message, errors }: Notice): string {
  return toaster.create({
    type: status,
    title,
    description: message,
    closable: true,
    meta: errors && errors.length > 0 ? { errors: [...errors] } : undefined,
  });
}

export function Toaster() {
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => {
        const errors: unknown = toast.meta?.errors;
        return (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {/* Fully opaque: Chakra's 0.8 takes the message under 4.5:1 on a coloured toast. */}
              {toast.description ? <Toast.Description opacity="1">{toast.description}</Toast.Description> : null}
              {Array.isArray(errors) && errors.length > 0 ? (
                <Box as="ul" ps="5" listStyleType="disc" textStyle="sm">
                  {errors.map((error, index) => (
                    <li key={index}>{String(error)}</li>
                  ))}
                </Box>
              ) : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        );
      }}
    </ChakraToaster>
  );
}

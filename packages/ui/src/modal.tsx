import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { MODAL_ANIMATION_MS } from '@baridesk/domain';

export type ModalProps = {
  open: boolean;
  /** Asked to close (close button, Escape, click outside) when `dismissible`. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** The actions, right-aligned under the body. */
  footer?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** false for a modal the user must answer (Terms and Conditions): no close button, no Escape, no outside click. */
  dismissible?: boolean;
  /** 'inside' keeps a long body (the terms) scrolling inside the dialog. */
  scrollBehavior?: 'inside' | 'outside';
  /** The element focused on opening (else the first focusable one). */
  initialFocusEl?: () => HTMLElement | null;
  /**
   * The element focused on closing, when it is not the one focused before opening (a dialog opened from
   * a menu item, which is gone by then); null falls back to that one.
   */
  finalFocusEl?: () => HTMLElement | null;
  role?: 'dialog' | 'alertdialog';
};

const animation = { animationDuration: `${MODAL_ANIMATION_MS}ms`, _motionReduce: { animation: 'none' } } as const;

/** A titled dialog over Chakra's Dialog: focus trapped inside, returned to the opener on close. */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  dismissible = true,
  scrollBehavior = 'outside',
  initialFocusEl,
  finalFocusEl,
  role = 'dialog',
}: ModalProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      role={role}
      placement="center"
      scrollBehavior={scrollBehavior}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      initialFocusEl={initialFocusEl}
      finalFocusEl={finalFocusEl}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop {...animation} />
        <Dialog.Positioner>
          <Dialog.Content {...animation}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            {dismissible ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

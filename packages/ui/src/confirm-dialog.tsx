import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Modal } from './modal';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button (deleting, removing). */
  destructive?: boolean;
  /** The action is under way: the confirm button spins, nothing can be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a destructive action. Cancel has the focus first, so Enter on an accidental open does
 * no harm; Escape and the close button cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      size="sm"
      dismissible={!busy}
      initialFocusEl={() => cancelRef.current}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" colorPalette="gray" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message}
    </Modal>
  );
}

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
};

type Pending = ConfirmOptions & { resolve: (confirmed: boolean) => void };

/**
 * `const { confirm, dialog } = useConfirm();` then `if (await confirm({ title, message })) …`,
 * rendering `{dialog}` somewhere in the component.
 */
export function useConfirm() {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false); // a second question replaces an unanswered one
          return { ...options, resolve };
        });
      }),
    [],
  );

  const answer = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.title ?? ''}
      message={pending?.message ?? ''}
      confirmLabel={pending?.confirmLabel}
      cancelLabel={pending?.cancelLabel}
      destructive={pending?.destructive}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  );

  return { confirm, dialog };
}

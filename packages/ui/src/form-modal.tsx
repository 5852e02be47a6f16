import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { Modal, type ModalProps } from './modal';

export type FormModalProps = {
  title: string;
  /** The submit button's text ("Add Quote", "Save Changes"). */
  submitLabel: string;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
};

/** A create or edit form in a dialog: the fields, then Cancel and the submit button in the footer. */
export function FormModal({ title, submitLabel, submitting, onSubmit, onClose, size, children }: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}

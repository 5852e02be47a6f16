import { useId, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Stack, TextField, applyServerErrors, notify, toaster, useValibotForm } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { Switch } from '@baridesk/ui/controls';
import { notifyError, notifySuccess, storeDynamicSection } from '@baridesk/api-client';
import {
  ADD_DYNAMIC_SECTION_NOTICE_TITLE,
  DYNAMIC_SECTION_MESSAGES,
  DYNAMIC_SECTION_NOTICE_TITLE,
  VALIDATION_ERROR_NOTICE,
  dynamicSectionResource,
  dynamicSectionStoreBody,
} from '@baridesk/contracts';

export type AddSectionModalProps = { open: boolean; onClose: () => void };

/** The sub user's "Add New Section": a named content section, active unless switched off. */
export function AddSectionModal({ open, onClose }: AddSectionModalProps) {
  const formId = useId();
  const form = useValibotForm(dynamicSectionStoreBody, { defaultValues: { name: '', status: true } });
  const queryClient = useQueryClient();
  const store = useMutation({
    mutationFn: storeDynamicSection,
    // The sections' screens (mf-content, on the resource kit) list it too: their queries start with the resource's name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [dynamicSectionResource.name] }),
  });
  // The "enter values" notice is about this form: it goes when the form does.
  const validationNotice = useRef<string | null>(null);

  const close = () => {
    if (validationNotice.current) toaster.dismiss(validationNotice.current);
    validationNotice.current = null;
    form.reset();
    store.reset();
    onClose();
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const created = await store.mutateAsync(values);
        // storeDynamicSection has told the bus: the sidebar reloads and lists the new section.
        notifySuccess(created.message ?? DYNAMIC_SECTION_MESSAGES.created, DYNAMIC_SECTION_NOTICE_TITLE);
        close();
      } catch (error) {
        applyServerErrors(form, error);
        notifyError(error, ADD_DYNAMIC_SECTION_NOTICE_TITLE);
      }
    },
    () => {
      if (validationNotice.current) toaster.dismiss(validationNotice.current);
      validationNotice.current = notify({ status: 'error', title: ADD_DYNAMIC_SECTION_NOTICE_TITLE, message: VALIDATION_ERROR_NOTICE });
    },
  );

  const active = form.watch('status') !== false;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Add Dynamic Content Section"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={store.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={store.isPending} loadingText="Saving…">
            Save
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="5">
          <TextField form={form} name="name" label="Name" required autoComplete="off" />
          <Switch.Root
            checked={active}
            onCheckedChange={(details) => form.setValue('status', details.checked, { shouldDirty: true })}
            name="status"
          >
            <Switch.HiddenInput role="switch" />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>Active</Switch.Label>
          </Switch.Root>
        </Stack>
      </form>
    </Modal>
  );
}

import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { onDemandMessageBody } from '@baridesk/contracts';
import { useFormSubmit, useValibotForm } from '@baridesk/ui';
import { FormModal, useConfirm } from '@baridesk/ui/overlays';
import { useSendMessage } from '../api/on-demand-messages';
import {
  ComposeFields,
  NEW_MESSAGE_VALUES,
  confirmQuestion,
  switchAudience,
  useComposeAudience,
  type AudienceMode,
  type ChosenPatient,
} from '../compose/compose-fields';

/**
 * New on-demand message: compose, see how many patients it reaches, confirm, send. The message is queued
 * at once and its show screen opens, where the statuses come in.
 */
export function SendMessageModal({ onClose }: { onClose: () => void }) {
  const send = useSendMessage();
  const navigate = useNavigate();
  const form = useValibotForm(onDemandMessageBody, { defaultValues: NEW_MESSAGE_VALUES });
  const [mode, setMode] = useState<AudienceMode>('patients');
  const [chosen, setChosen] = useState<ChosenPatient[]>([]);
  const audience = useComposeAudience(form, mode, chosen);
  const { confirm, dialog } = useConfirm();

  const submit = useFormSubmit(
    form,
    async (values) => {
      if (!(await confirm(confirmQuestion(audience.count.data?.data.count)))) throw new CancelledSend();
      return send.mutateAsync(values);
    },
    {
      notifySuccess,
      // Answering No to the question is no failure.
      notifyError: (error) => (error instanceof CancelledSend ? undefined : notifyError(error)),
      onSaved: (saved) => {
        onClose();
        void navigate(`/on-demand-messages/${saved.data.id}/show`);
      },
    },
  );

  const changeMode = (next: AudienceMode) => {
    setMode(next);
    switchAudience(form, next, chosen);
  };

  return (
    <>
      <FormModal title="New message" submitLabel="Send message" submitting={form.formState.isSubmitting} onSubmit={submit} onClose={onClose} size="lg">
        <ComposeFields form={form} mode={mode} onModeChange={changeMode} chosen={chosen} onChosenChange={setChosen} audience={audience} />
      </FormModal>
      {dialog}
    </>
  );
}

/** Thrown when the sender answers No: the form stays as it is, with no notice. */
export class CancelledSend extends Error {
  constructor() {
    super('Not sent.');
  }
}

import { useId, useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { NOTE_MAX_LENGTH, checklistNoteFormSchema, type ChecklistNote, type NoteStage } from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { Button, Group, Stack, Text, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { useListParams } from '@baridesk/ui/lists';
import { useCreateChecklistNote } from '../api/create-checklist-note';
import { useDeleteChecklistNote } from '../api/delete-checklist-note';
import { useChecklistNotes } from '../api/get-checklist-notes-by-stage';
import { useConfirmedNoteDelete } from '../hooks/use-confirmed-note-delete';
import { NoteFormCard } from './note-form-card';
import { NoteList } from './note-list';

const stageName = (stage: NoteStage) => STAGES.find((s) => s.id === stage)?.label ?? String(stage);

/** The notes on one stage's checklist (Pre-Op, Post-Op, the third), paged by the server, with the form to add one. */
export function ChecklistNotesTab({ patientId }: { patientId: number }) {
  const [stage, setStage] = useState<NoteStage>(1);
  const list = useListParams({ sort: 'created_at', direction: 'desc' });
  const query = useChecklistNotes({ patientId, stage, page: list.page, perPage: list.perPage });
  const remove = useDeleteChecklistNote();
  const { ask, dialog } = useConfirmedNoteDelete<ChecklistNote>((note) => remove.mutateAsync(note));
  const label = stageName(stage);
  const stageLabelId = useId();

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text id={stageLabelId} fontWeight="medium">
          Stage
        </Text>
        <Group role="group" aria-labelledby={stageLabelId} attached>
          {STAGES.map((s) => (
            <Button
              key={s.id}
              size="sm"
              variant={s.id === stage ? 'solid' : 'outline'}
              aria-pressed={s.id === stage}
              onClick={() => {
                setStage(s.id);
                list.setPage(1);
              }}
            >
              {s.label}
            </Button>
          ))}
        </Group>
      </Stack>
      <AddChecklistNoteForm patientId={patientId} stage={stage} />
      <NoteList
        label={`${label} checklist notes`}
        query={query}
        errorTitle="The checklist notes could not be loaded."
        emptyText={`No ${label} checklist notes yet.`}
        onDelete={(note) => void ask(note)}
        paging={{ page: list.page, perPage: list.perPage, onPageChange: list.setPage, onPerPageChange: list.setPerPage }}
      />
      {dialog}
    </Stack>
  );
}

/** A new note on the chosen stage's checklist. */
function AddChecklistNoteForm({ patientId, stage }: { patientId: number; stage: NoteStage }) {
  const create = useCreateChecklistNote();
  const form = useValibotForm(checklistNoteFormSchema, { defaultValues: { note: '' } });
  const submit = useFormSubmit(form, (values) => create.mutateAsync({ patient_id: patientId, stage, ...values }), {
    notifySuccess,
    notifyError,
    onSaved: () => form.reset({ note: '' }),
  });

  return (
    <NoteFormCard
      label={`Add a ${stageName(stage)} checklist note`}
      heading={`Add note on the ${stageName(stage)} checklist`}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
    >
      <TextareaField form={form} name="note" label="Note" required rows={3} maxLength={NOTE_MAX_LENGTH} showCount />
    </NoteFormCard>
  );
}

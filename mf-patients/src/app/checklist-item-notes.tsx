import { useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { NOTE_MAX_LENGTH, checklistNoteFormSchema, type ChecklistNote, type PatientChecklistItem } from '@baridesk/contracts';
import type { StageId } from '@baridesk/domain';
import { Stack, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import type { PerPage } from '@baridesk/ui/lists';
import { useCreateChecklistNote } from '../features/patient-notes/api/create-checklist-note';
import { useDeleteChecklistNote } from '../features/patient-notes/api/delete-checklist-note';
import { useChecklistNotes } from '../features/patient-notes/api/get-checklist-notes-by-stage';
import { NoteFormCard } from '../features/patient-notes/components/note-form-card';
import { NoteList } from '../features/patient-notes/components/note-list';
import { useConfirmedNoteDelete } from '../features/patient-notes/hooks/use-confirmed-note-delete';

export type ChecklistItemNotesProps = {
  patientId: number;
  stage: StageId;
  item: Pick<PatientChecklistItem, 'id' | 'title'>;
  /** After a note is added or deleted: the checklist's note counts refetch. */
  onChanged: () => void;
};

/**
 * The notes on one checklist item, with the form to add one: the notes feature's list and form, over
 * the stage's notes (GET /api/checklist/notes/by-stage, all of them: the call has no item filter, so
 * the item's are picked here and paged here; every item of the stage shares the one query).
 */
export function ChecklistItemNotes({ patientId, stage, item, onChanged }: ChecklistItemNotesProps) {
  const [paging, setPaging] = useState<{ page: number; perPage: PerPage }>({ page: 1, perPage: 5 });
  const query = useChecklistNotes({ patientId, stage, page: 1, perPage: 'All' });
  const create = useCreateChecklistNote();
  const remove = useDeleteChecklistNote();
  const { ask, dialog } = useConfirmedNoteDelete<ChecklistNote>(async (note) => {
    const answer = await remove.mutateAsync(note);
    onChanged();
    return answer;
  });
  const form = useValibotForm(checklistNoteFormSchema, { defaultValues: { note: '' } });
  const submit = useFormSubmit(form, (values) => create.mutateAsync({ patient_id: patientId, stage, checklist_item_id: item.id, ...values }), {
    notifySuccess,
    notifyError,
    onSaved: () => {
      form.reset({ note: '' });
      onChanged();
    },
  });

  const stageNotes = query.data?.data;
  const itemNotes = stageNotes?.data.filter((note) => note.checklist_item_id === item.id) ?? [];
  const { page, perPage } = paging;
  const shown = perPage === 'All' ? itemNotes : itemNotes.slice((page - 1) * perPage, page * perPage);
  const itemQuery = {
    ...query,
    data: stageNotes && { data: { data: shown, total: itemNotes.length, page, perPage } },
  };

  return (
    <Stack gap="3">
      <NoteList
        label={`Notes on ${item.title}`}
        query={itemQuery}
        errorTitle="The notes could not be loaded."
        emptyText="No notes on this item yet."
        onDelete={(note) => void ask(note)}
        paging={{
          page,
          perPage,
          onPageChange: (next) => setPaging((current) => ({ ...current, page: next })),
          onPerPageChange: (next) => setPaging({ page: 1, perPage: next }),
        }}
      />
      <NoteFormCard label={`Add a note on ${item.title}`} heading="Add a note" onSubmit={submit} submitting={form.formState.isSubmitting}>
        <TextareaField form={form} name="note" label="Note" required rows={2} maxLength={NOTE_MAX_LENGTH} showCount />
      </NoteFormCard>
      {dialog}
    </Stack>
  );
}

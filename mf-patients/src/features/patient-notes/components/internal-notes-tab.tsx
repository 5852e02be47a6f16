import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  DEFAULT_INTERNAL_NOTE_TYPE,
  INTERNAL_NOTE_TYPES,
  NOTE_MAX_LENGTH,
  internalNoteFormSchema,
  internalNoteTypeLabel,
  type InternalNote,
  type InternalNoteType,
} from '@baridesk/contracts';
import { Badge, chakra, SelectField, SimpleGrid, Stack, TextareaField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { FilterSelect, useListParams } from '@baridesk/ui/lists';
import { useCreateInternalNote } from '../api/create-internal-note';
import { useDeleteInternalNote } from '../api/delete-internal-note';
import { useInternalNotes } from '../api/get-internal-notes';
import { useConfirmedNoteDelete } from '../hooks/use-confirmed-note-delete';
import { NoteFormCard } from './note-form-card';
import { NoteList } from './note-list';

const TYPE_OPTIONS = INTERNAL_NOTE_TYPES.map((type) => ({ value: type.id, label: type.label }));
const typeOf = (value: string | undefined): InternalNoteType | undefined =>
  INTERNAL_NOTE_TYPES.find((type) => type.id === value)?.id;

/** The patient's internal notes: filtered by type and paged by the server, with the form to add one. */
export function InternalNotesTab({ patientId }: { patientId: number }) {
  const list = useListParams({ sort: 'created_at', direction: 'desc' });
  const noteType = typeOf(list.filters.note_type);
  const query = useInternalNotes({ patientId, noteType, page: list.page, perPage: list.perPage });
  const remove = useDeleteInternalNote();
  const { ask, dialog } = useConfirmedNoteDelete<InternalNote>((note) => remove.mutateAsync(note));

  return (
    <Stack gap="5">
      <AddInternalNoteForm patientId={patientId} />
      <Stack gap="3">
        <FilterSelect
          label="Note type"
          anyLabel="All types"
          width="56"
          value={list.filters.note_type ?? ''}
          options={TYPE_OPTIONS}
          onChange={(value) => list.setFilter('note_type', value)}
        />
        <NoteList
          label="Internal notes"
          query={query}
          errorTitle="The internal notes could not be loaded."
          emptyText={noteType ? `No ${internalNoteTypeLabel(noteType).toLowerCase()} notes.` : 'No internal notes yet.'}
          tag={(note) => <Badge colorPalette="blue">{internalNoteTypeLabel(note.note_type)}</Badge>}
          onDelete={(note) => void ask(note)}
          paging={{ page: list.page, perPage: list.perPage, onPageChange: list.setPage, onPerPageChange: list.setPerPage }}
        />
      </Stack>
      {dialog}
    </Stack>
  );
}

/** Type and text of a new note; the server's field messages show under the fields. */
function AddInternalNoteForm({ patientId }: { patientId: number }) {
  const create = useCreateInternalNote();
  const blank = { note_type: DEFAULT_INTERNAL_NOTE_TYPE, note: '' };
  const form = useValibotForm(internalNoteFormSchema, { defaultValues: blank });
  const submit = useFormSubmit(form, (values) => create.mutateAsync({ patient_id: patientId, ...values }), {
    notifySuccess,
    notifyError,
    onSaved: () => form.reset(blank),
  });

  return (
    <NoteFormCard label="Add an internal note" heading="Add note" onSubmit={submit} submitting={form.formState.isSubmitting}>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" alignItems="start">
        <SelectField form={form} name="note_type" label="Type" options={TYPE_OPTIONS} required />
        <chakra.div gridColumn={{ md: 'span 3' }}>
          <TextareaField form={form} name="note" label="Note" required rows={3} maxLength={NOTE_MAX_LENGTH} showCount />
        </chakra.div>
      </SimpleGrid>
    </NoteFormCard>
  );
}

import { useId } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  checklistAddItemBody,
  checklistApplyTemplateBody,
  checklistCheckedByBody,
  checklistDeactivateBody,
  checklistItemUpdateBody,
  CHECKLIST_DEACTIVATE_REASON_MAX,
  CHECKLIST_NAME_MAX,
  type PatientChecklistItem,
} from '@baridesk/contracts';
import { parseDateTime, type StageId } from '@baridesk/domain';
import { Button, SelectField, Spinner, Stack, Text, TextareaField, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { DatePickerField } from '@baridesk/ui/dates';
import { FormModal, Modal } from '@baridesk/ui/overlays';
import { useAddChecklistItem } from '../api/add-checklist-item';
import { useApplyChecklistTemplate } from '../api/apply-checklist-template';
import { useCorrectCheckedBy } from '../api/correct-checked-by';
import { useChecklistCheckers } from '../api/get-checklist-checkers';
import { useOtherTemplates } from '../api/get-other-templates';
import { useSetChecklistDeactivated } from '../api/set-checklist-deactivated';
import { useUpdateChecklistItem } from '../api/update-checklist-item';

/** 'yyyy-MM-dd' of an instant, on this computer's calendar. */
const dayOf = (instant: Date | string | null) => parseDateTime(instant)?.toFormat('yyyy-MM-dd') ?? '';

type ItemModalProps = { item: PatientChecklistItem; onClose: () => void };

/** Sets or clears an item's due date. */
export function DueDateModal({ item, onClose }: ItemModalProps) {
  const update = useUpdateChecklistItem();
  const form = useValibotForm(checklistItemUpdateBody, { defaultValues: { id: item.id, due_date: item.due_date ?? '' } });
  const submit = useFormSubmit(form, (body) => update.mutateAsync(body), { notifySuccess, notifyError, onSaved: onClose });
  return (
    <FormModal
      title={`Due date of “${item.title}”`}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <DatePickerField form={form} name="due_date" label="Due date" helperText="Leave it empty for no due date." />
    </FormModal>
  );
}

/** Corrects who ticked an item and on which day (the day cannot be in the future). */
export function CheckedByModal({ item, onClose }: ItemModalProps) {
  const correct = useCorrectCheckedBy();
  const checkers = useChecklistCheckers();
  const form = useValibotForm(checklistCheckedByBody, {
    defaultValues: { id: item.id, completed_by: item.completed_by ? String(item.completed_by.id) : '', completed_on: dayOf(item.completed_at) },
  });
  const submit = useFormSubmit(form, (body) => correct.mutateAsync(body), { notifySuccess, notifyError, onSaved: onClose });
  // Who ticked may have left the staff since: keep them choosable.
  const people = [...(checkers.data ?? [])];
  if (item.completed_by && !people.some((person) => person.id === item.completed_by!.id)) people.push(item.completed_by);

  return (
    <FormModal
      title={`Who checked “${item.title}”`}
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        {checkers.isError ? (
          <Text role="alert" color="fg.error">
            {`The staff could not be loaded. ${checkers.error.message}`}
          </Text>
        ) : null}
        <SelectField
          form={form}
          name="completed_by"
          label="Checked by"
          required
          placeholder={checkers.isPending ? 'Loading the staff…' : 'Choose a staff member'}
          options={people.map((person) => ({ value: String(person.id), label: person.name }))}
        />
        <DatePickerField form={form} name="completed_on" label="Checked on" required max={dayOf(new Date())} />
      </Stack>
    </FormModal>
  );
}

type PatientModalProps = { patientId: number; stage: StageId; checklistName: string; onClose: () => void };

/** An item of this patient's checklist only, with an optional due date. */
export function AddItemModal({ patientId, stage, checklistName, onClose }: PatientModalProps) {
  const add = useAddChecklistItem();
  const form = useValibotForm(checklistAddItemBody, { defaultValues: { patient_id: patientId, stage, title: '', due_date: '' } });
  const submit = useFormSubmit(form, (body) => add.mutateAsync(body), { notifySuccess, notifyError, onSaved: onClose });
  return (
    <FormModal
      title={`Add an item to the ${checklistName} checklist`}
      submitLabel="Add Item"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <TextField form={form} name="title" label="Title" required maxLength={CHECKLIST_NAME_MAX} />
        <DatePickerField form={form} name="due_date" label="Due date" helperText="Optional." />
      </Stack>
    </FormModal>
  );
}

/**
 * Adds the items of another of the stage's active templates that are not on the checklist yet. One
 * dialog while the choices load, and when there is none to choose.
 */
export function ApplyTemplateModal({ patientId, stage, checklistName, onClose }: PatientModalProps) {
  const formId = useId();
  const apply = useApplyChecklistTemplate();
  const templates = useOtherTemplates(patientId, stage);
  const form = useValibotForm(checklistApplyTemplateBody, { defaultValues: { patient_id: patientId, template_id: '' } });
  const submit = useFormSubmit(form, (body) => apply.mutateAsync(body), { notifySuccess, notifyError, onSaved: onClose });
  const submitting = form.formState.isSubmitting;
  const choices = templates.data ?? [];

  let body;
  if (templates.isPending) body = <Spinner aria-label="Loading the templates" />;
  else if (templates.isError) body = <Text role="alert">{`The templates could not be loaded. ${templates.error.message}`}</Text>;
  else if (choices.length === 0) body = <Text>{`Every active ${checklistName} template is on this checklist already.`}</Text>;
  else
    body = (
      <form id={formId} onSubmit={submit} noValidate>
        <SelectField
          form={form}
          name="template_id"
          label="Template"
          required
          placeholder="Choose a template"
          helperText="Only its items that are not on the checklist yet are added."
          options={choices.map((template) => ({
            value: String(template.id),
            label: `${template.name} (${template.item_count === 1 ? '1 item' : `${template.item_count} items`})`,
          }))}
        />
      </form>
    );

  return (
    <Modal
      open
      onClose={onClose}
      title={`Add items from another ${checklistName} template`}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={choices.length === 0}>
            Add Items
          </Button>
        </>
      }
    >
      {body}
    </Modal>
  );
}

/** Deactivating needs the reason, which every screen then shows beside the checklist. */
export function DeactivateModal({ patientId, patientName, onClose }: { patientId: number; patientName: string; onClose: () => void }) {
  const change = useSetChecklistDeactivated();
  const form = useValibotForm(checklistDeactivateBody, {
    defaultValues: { patient_id: patientId, checklist_deactivate: 1, checklist_deactivate_reason: '' },
  });
  const submit = useFormSubmit(form, (body) => change.mutateAsync(body), { notifySuccess, notifyError, onSaved: onClose });
  return (
    <FormModal title="Deactivate checklist" submitLabel="Deactivate" submitting={form.formState.isSubmitting} onSubmit={submit} onClose={onClose}>
      <Stack gap="3">
        <Text>
          {`No item of ${patientName}’s checklists can be ticked or changed while it is deactivated, and the automation rules about the checklist no longer move ${patientName}. Nothing is deleted: Activate checklist turns it back on.`}
        </Text>
        <TextareaField
          form={form}
          name="checklist_deactivate_reason"
          label="Reason"
          required
          rows={3}
          maxLength={CHECKLIST_DEACTIVATE_REASON_MAX}
          showCount
        />
      </Stack>
    </FormModal>
  );
}

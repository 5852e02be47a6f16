import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, chakra, HStack, Stack } from '@chakra-ui/react';
import type { FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import type { PartitionValues } from '@baridesk/contracts';
import { useValibotForm } from '../form';
import { FormModal } from '../form-modal';
import { BadAddress, LoadedRecord } from '../loaded-record';
import { PageFrame } from '../page-frame';
import { useFormSubmit } from '../use-form-submit';
import { useResourceRecord, useSaveResource, type ResourceRecord } from './resource-calls';
import { formValuesOf, ResourceFields } from './resource-fields';
import { ResourcePartition, useResourcePartition } from './resource-partition';
import { resourceTexts } from './resource-texts';
import type { ResourceFormReturn, ResourceView } from './resource-view';

export const SAVE_CHANGES = 'Save Changes';

type SaveOptions = {
  /** After the server saved it (its notice is already shown). */
  onSaved?: (saved: { data: ResourceRecord; message: string }) => void | Promise<unknown>;
  /** Empty the form after adding, for the next one (a form that stays on screen). */
  resetAfterSave?: boolean;
};

/**
 * The form of a new record or of `record`: checked by the definition's store body, saved through store
 * or update, the server's field errors under their fields (useFormSubmit).
 */
export function useResourceForm(view: ResourceView, record: ResourceRecord | undefined, { onSaved, resetAfterSave = false }: SaveOptions) {
  const { resource } = view;
  const save = useSaveResource(resource);
  const partition = useResourcePartition();
  const schema = resource.schemas.storeBody as v.GenericSchema<FieldValues, FieldValues>;
  const form: ResourceFormReturn = useValibotForm(schema, { defaultValues: formValuesOf(resource, record, partition) });
  const submit = useFormSubmit(form, (values) => save.mutateAsync({ id: record?.id, values }), {
    notifySuccess,
    notifyError,
    onSaved: (saved) => {
      if (resetAfterSave && !record) form.reset(formValuesOf(resource, undefined, partition));
      return onSaved?.(saved);
    },
  });
  return { form, submit, submitting: form.formState.isSubmitting };
}

export type ResourceFormProps = SaveOptions & {
  view: ResourceView;
  /** The record to edit; none to add one. */
  record?: ResourceRecord;
  /** Where Cancel goes; no Cancel without it. */
  cancelTo?: string;
};

/** A resource's form on a page or in a section: its fields, then the submit button and Cancel. */
export function ResourceForm({ view, record, cancelTo, ...options }: ResourceFormProps) {
  const { form, submit, submitting } = useResourceForm(view, record, options);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return (
    <chakra.form onSubmit={submit} noValidate maxW={view.formColumns ? undefined : 'lg'}>
      <Stack gap="4">
        <ResourceFields view={view} form={form} record={record} />
        <HStack gap="2">
          <Button type="submit" loading={submitting}>
            {record ? SAVE_CHANGES : texts.add}
          </Button>
          {cancelTo ? (
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={cancelTo}>Cancel</RouterLink>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}

export type ResourceFormModalProps = { view: ResourceView; record?: ResourceRecord; onClose: () => void };

/** A resource's form in a dialog over its list; saving closes it. */
export function ResourceFormModal({ view, record, onClose }: ResourceFormModalProps) {
  const { form, submit, submitting } = useResourceForm(view, record, { onSaved: onClose });
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return (
    <FormModal
      title={record ? texts.editTitle : texts.addTitle}
      submitLabel={record ? SAVE_CHANGES : texts.add}
      submitting={submitting}
      onSubmit={submit}
      onClose={onClose}
      size="lg"
    >
      <ResourceFields view={view} form={form} record={record} />
    </FormModal>
  );
}

/** An id as an address carries it: a positive whole number; null when present but not one; undefined when absent. */
export function recordIdOf(raw: string | null | undefined): number | null | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The record's id in the address: the route's `:id`, else `?id=`. */
export function useRecordIdParam(): number | null | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  return recordIdOf(params.id ?? search.get('id'));
}

/** The address names no record: say so, with the way back to the list. */
export function BadRecordAddress({ view }: { view: ResourceView }) {
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return <BadAddress message={texts.badAddress} back={view.listPath ? { to: view.listPath, label: texts.backToList } : undefined} />;
}

type RecordState = ReturnType<typeof useResourceRecord<ResourceRecord>>;

/**
 * What a page of one record shows while it is not there: a wrong address, the failed load with Try
 * again, or a spinner; `render` once the record has come. Without an id (a new record) it renders at once.
 */
export function RecordBody({
  view,
  id,
  query,
  render,
}: {
  view: ResourceView;
  id: number | null | undefined;
  query: RecordState;
  render: (record: ResourceRecord | undefined) => ReactNode;
}) {
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return (
    <LoadedRecord
      id={id}
      query={query}
      badAddress={<BadRecordAddress view={view} />}
      errorTitle={texts.recordError}
      loadingLabel={texts.loadingRecord}
      render={render}
    />
  );
}

export type ResourceFormScreenProps = {
  view: ResourceView;
  /** The values of a partitioned resource's partition (and of its category resources'), e.g. `{ section_id: 3 }`: see ResourcePartition. */
  partition?: PartitionValues;
  /** The page's heading for a new record and an existing one; the view's texts unless told. */
  titles?: { add: string; edit: string };
  /** Where saving goes: the list unless told (e.g. the record's show page). */
  afterSave?: (saved: ResourceRecord) => string;
  /** Where Cancel goes from an existing record (e.g. its show page); the list unless told, and always for a new one. */
  cancelTo?: (id: number) => string;
};

/**
 * A resource's form page: a new record, or the one the address names (`:id` or `?id=`); saving goes
 * to the list (or `afterSave`).
 */
export function ResourceFormScreen({ partition, ...props }: ResourceFormScreenProps) {
  return (
    <ResourcePartition values={partition}>
      <FormScreen {...props} />
    </ResourcePartition>
  );
}

function FormScreen({ view, titles, afterSave, cancelTo }: Omit<ResourceFormScreenProps, 'partition'>) {
  const navigate = useNavigate();
  const id = useRecordIdParam();
  const query = useResourceRecord(view.resource, id ?? null);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const listPath = view.listPath ?? '/';
  const title = id === undefined ? (titles?.add ?? texts.addTitle) : (titles?.edit ?? texts.editTitle);
  return (
    <PageFrame title={title} breadcrumbs={view.listPath ? [{ label: texts.title, to: view.listPath }, { label: title }] : undefined}>
      <RecordBody
        view={view}
        id={id}
        query={query}
        render={(record) => (
          <ResourceForm
            key={record?.id ?? 'new'}
            view={view}
            record={record}
            cancelTo={record && cancelTo ? cancelTo(record.id) : listPath}
            onSaved={(saved) => navigate(afterSave ? afterSave(saved.data) : listPath)}
          />
        )}
      />
    </PageFrame>
  );
}

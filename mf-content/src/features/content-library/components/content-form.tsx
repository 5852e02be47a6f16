import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ContentListType } from '@baridesk/contracts';
import { Button, chakra, HStack, Stack } from '@baridesk/ui';
import { FormModal } from '@baridesk/ui/overlays';
import { ResourceFields, SAVE_CHANGES, resourceTexts, useResourceForm, type ResourceRecord, type ResourceView } from '@baridesk/ui/resources';
import { FormPreview, WithPreview } from '../../preview/components/patient-preview';

type ContentFormOptions = {
  view: ResourceView;
  type: ContentListType;
  /** The item to edit; none to add one. */
  record?: ResourceRecord;
  /** A new item's values that the screen knows already (the special program's contact group from the address). */
  preset?: Readonly<Record<string, unknown>>;
  onSaved: (saved: ResourceRecord) => void | Promise<unknown>;
};

/** The kit's form of an item, with the values the screen presets for a new one. */
function useContentForm({ view, record, preset, onSaved }: ContentFormOptions) {
  const state = useResourceForm(view, record, { onSaved: (saved) => onSaved(saved.data) });
  const { form } = state;
  useEffect(() => {
    if (record || !preset) return;
    for (const [name, value] of Object.entries(preset)) form.setValue(name, value);
  }, [form, record, preset]);
  return state;
}

/** The fields with the live "Preview as patient" beside them (under them when there is no room). */
function FieldsWithPreview({ view, type, record, form }: Pick<ContentFormOptions, 'view' | 'type' | 'record'> & { form: ReturnType<typeof useContentForm>['form'] }) {
  return (
    <WithPreview
      preview={
        <FormPreview form={form} storedImage={typeof record?.image === 'string' ? record.image : null} menuLabel={type.label} labels={type.fields} />
      }
    >
      <ResourceFields view={view} form={form} record={record} />
    </WithPreview>
  );
}

/** An item's form on its own page (the types whose registry entry gives store and edit paths). */
export function ContentFormPage({ cancelTo, ...options }: ContentFormOptions & { cancelTo: string }) {
  const { view, record } = options;
  const { form, submit, submitting } = useContentForm(options);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="5">
        <FieldsWithPreview view={view} type={options.type} record={record} form={form} />
        <HStack gap="2">
          <Button type="submit" loading={submitting}>
            {record ? SAVE_CHANGES : texts.add}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={cancelTo}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** An item's form in a dialog over its list (the types without form paths); saving closes it. */
export function ContentFormModal({ onClose, ...options }: Omit<ContentFormOptions, 'onSaved'> & { onClose: () => void }): ReactNode {
  const { view, record } = options;
  const { form, submit, submitting } = useContentForm({ ...options, onSaved: onClose });
  const texts = resourceTexts(view.resource, view.words, view.texts);
  return (
    <FormModal
      title={record ? texts.editTitle : texts.addTitle}
      submitLabel={record ? SAVE_CHANGES : texts.add}
      submitting={submitting}
      onSubmit={submit}
      onClose={onClose}
      size="xl"
    >
      <FieldsWithPreview view={view} type={options.type} record={record} form={form} />
    </FormModal>
  );
}

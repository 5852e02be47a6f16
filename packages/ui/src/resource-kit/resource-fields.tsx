import { lazy, Suspense, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { chakra, NativeSelect, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import * as v from 'valibot';
import { fieldSections, partitionOf, type AnyResource, type PartitionValues, type ResourceField, type ResourceFieldKind } from '@baridesk/contracts';
import { DatePickerField } from '../date-picker-field';
import { useBoundField } from '../field-binding';
import { FormField } from '../form-field';
import { SwitchField } from '../switch-field';
import { TextField } from '../text-field';
import { TextareaField } from '../textarea-field';
import { DEFAULT_UPLOAD_PATH } from '../upload-control';
import { ImageUploadField } from '../upload-fields';
import { useResourceOptions, type ChoiceSource, type ResourceRecord } from './resource-calls';
import type { FieldRenderer, FieldRenderProps, ResourceFormReturn, ResourceView } from './resource-view';

/** Whether a field refuses an empty value: asked of its schema, so the mark and the check never disagree. */
/**
 * Whether the form marks a field required: its schema takes neither a blank value nor a missing one (an
 * optional image refuses '' as a key but takes nothing at all, and is not required).
 */
export const isRequired = (schema: v.GenericSchema) => !v.safeParse(schema, '').success && !v.safeParse(schema, undefined).success;

type Walkable = { pipe?: readonly unknown[]; wrapped?: unknown; options?: readonly unknown[]; type?: string; requirement?: unknown };

/** The longest value a field's schema accepts (its max_length check, inside wrappers and pipes), if it has one. */
export function maxLengthOf(schema: unknown, depth = 0): number | undefined {
  if (depth > 6 || typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as Walkable;
  if (node.type === 'max_length' && typeof node.requirement === 'number') return node.requirement;
  for (const child of [node.wrapped, ...(node.pipe ?? []).slice(node.pipe?.[0] === schema ? 1 : 0), ...(node.options ?? [])]) {
    const found = maxLengthOf(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const INPUT_TYPES: Partial<Record<ResourceFieldKind, HTMLInputTypeAttribute>> = { email: 'email', phone: 'tel', url: 'url', number: 'number' };

const textInput: FieldRenderer = ({ form, name, field, label, required, maxLength, options }) => (
  <TextField
    form={form}
    name={name}
    label={label}
    type={INPUT_TYPES[field.kind] ?? 'text'}
    required={required}
    maxLength={maxLength}
    placeholder={options.placeholder}
    helperText={options.helperText}
    autoComplete={options.autoComplete ?? 'off'}
  />
);

const textareaInput: FieldRenderer = ({ form, name, label, required, maxLength, options }) => (
  <TextareaField
    form={form}
    name={name}
    label={label}
    required={required}
    rows={options.rows ?? 4}
    maxLength={maxLength}
    showCount={maxLength !== undefined}
    helperText={options.helperText}
  />
);

const dateInput: FieldRenderer = ({ form, name, label, required, options }) => (
  <DatePickerField form={form} name={name} label={label} required={required} helperText={options.helperText} />
);

/** Super admins' uploads (a global resource's images) go to their own route, keyed under global/. */
const ADMIN_UPLOAD_PATH = 'admin/uploads';

/**
 * An image: uploaded (checked and measured by the server) as soon as it is chosen; the form sends the
 * new file's key, null when it is removed, and nothing while the record's image stays.
 */
const imageInput: FieldRenderer = ({ form, name, field, label, required, record, options, scope }) => (
  <ImageUploadField
    form={form}
    name={name}
    label={label}
    valueAs="key"
    current={typeof record?.[name] === 'string' ? record[name] : null}
    path={scope === 'global' ? ADMIN_UPLOAD_PATH : DEFAULT_UPLOAD_PATH}
    minWidth={field.image?.minWidth}
    minHeight={field.image?.minHeight}
    aspectRatio={field.image?.aspectRatio}
    required={required}
    helperText={options.helperText}
  />
);

/** A 0/1 flag: a switch named by its label (the form holds it as true/false; the body turns it into 1/0). */
const flagInput: FieldRenderer = ({ form, name, label }) => <SwitchField form={form} name={name} label={label} />;

// The editor (TipTap) is heavy: it is fetched when a form with rich text opens, never with the kit.
const RichTextField = lazy(() => import('../rich-text-field').then((module) => ({ default: module.RichTextField })));

const richTextInput: FieldRenderer = ({ form, name, label, required, options }) => (
  <Suspense fallback={<Skeleton height="250px" aria-label={`Loading the ${label} editor`} />}>
    <RichTextField form={form} name={name} label={label} required={required} helperText={options.helperText} height={options.editorHeight} />
  </Suspense>
);

/** The inputs the kit draws by field kind; a view's `renderers` (or a field's own `render`) draw others. */
const KIT_RENDERERS: Partial<Record<ResourceFieldKind, FieldRenderer>> = {
  image: imageInput,
  richText: richTextInput,
  text: textInput,
  email: textInput,
  phone: textInput,
  url: textInput,
  number: textInput,
  textarea: textareaInput,
  date: dateInput,
  flag: flagInput,
};

function rendererOf(view: ResourceView, name: string, field: ResourceField): FieldRenderer {
  const renderer = view.fields?.[name]?.render ?? view.renderers?.[field.kind] ?? KIT_RENDERERS[field.kind];
  if (!renderer) throw new Error(`${view.resource.labels.plural}: no input for the ${field.kind} field "${name}"; give the view a renderer.`);
  return renderer;
}

/** A category field's picker: the source's options (or, for a sub-category, those of the chosen category); its value an id or null. */
function CategoryPicker({
  form,
  name,
  label,
  required,
  source,
  categoryId,
  onPicked,
}: Pick<FieldRenderProps, 'form' | 'name' | 'label' | 'required'> & {
  source: ChoiceSource | undefined;
  categoryId?: number | null;
  /** After the user picks another value (a category clears its sub-category). */
  onPicked?: () => void;
}) {
  const { field, error } = useBoundField({ form, name });
  const options = useResourceOptions(source, categoryId);
  return (
    <FormField label={label} error={error} required={required}>
      {({ describedBy }) => (
        <NativeSelect.Root disabled={options.isLoading}>
          <NativeSelect.Field
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={typeof field.value === 'number' ? String(field.value) : ''}
            onChange={(event) => {
              field.onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
              onPicked?.();
            }}
            aria-required={required || undefined}
            aria-describedby={describedBy}
          >
            <option value="">{`Select ${label.toLowerCase()}`}</option>
            {(options.data ?? []).map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
    </FormField>
  );
}

/** The category pickers; a sub-category's choices follow the chosen category, and changing it clears the sub-category. */
function CategoryPickers({ view, form }: { view: ResourceView; form: ResourceFormReturn }) {
  const [category, subCategory] = view.resource.categoryFields;
  if (!category) return null;
  const categoryValue: unknown = form.watch(category.field);
  const categoryId = typeof categoryValue === 'number' ? categoryValue : null;
  return (
    <>
      <CategoryPicker
        form={form}
        name={category.field}
        label={category.label}
        required={category.required}
        source={view.categorySources?.category}
        onPicked={subCategory ? () => form.setValue(subCategory.field, null) : undefined}
      />
      {subCategory ? (
        <CategoryPicker
          form={form}
          name={subCategory.field}
          label={subCategory.label}
          required={subCategory.required}
          source={view.categorySources?.subCategory}
          categoryId={categoryId}
        />
      ) : null}
    </>
  );
}

/** Inputs side by side on wide screens when the view asks for columns, else one under another. */
function Laid({ columns, children }: { columns: number | undefined; children: ReactNode }) {
  return columns ? (
    <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
      {children}
    </SimpleGrid>
  ) : (
    children
  );
}

/**
 * The form's inputs: the definition's fields in order (a group's fields together under its heading, a
 * fieldset whose legend names them for screen readers), its category pickers, and Active when it has a status.
 */
export function ResourceFields({ view, form, record }: { view: ResourceView; form: ResourceFormReturn; record?: ResourceRecord }) {
  const { resource } = view;
  const input = (name: string) => {
    const field = resource.fields[name]!;
    const options = view.fields?.[name] ?? {};
    const Render = rendererOf(view, name, field);
    return (
      <Render
        key={name}
        form={form}
        name={name}
        record={record}
        scope={resource.scope}
        field={field}
        label={options.label ?? field.label}
        required={isRequired(field.input)}
        maxLength={maxLengthOf(field.input)}
        options={options}
      />
    );
  };
  const pickers = <CategoryPickers view={view} form={form} />;
  return (
    <Stack gap="4">
      {view.categoriesFirst ? pickers : null}
      {fieldSections(Object.entries(resource.fields)).map((run) =>
        run.group === undefined ? (
          <Laid key={`lone-${run.names[0]}`} columns={view.formColumns}>
            {run.names.map(input)}
          </Laid>
        ) : (
          <chakra.fieldset key={`group-${run.group}`} borderTopWidth="1px" pt="3">
            <chakra.legend fontWeight="semibold" fontSize="md" px="0" mb="3">
              {run.group}
            </chakra.legend>
            <SimpleGrid columns={{ base: 1, md: view.formColumns ?? 1 }} gap="4">
              {run.names.map(input)}
            </SimpleGrid>
          </chakra.fieldset>
        ),
      )}
      {view.categoriesFirst ? null : pickers}
      {resource.status ? <SwitchField form={form} name="status" label="Active" /> : null}
    </Stack>
  );
}

/**
 * What the form starts with: a record's values (null as ''), or blanks and the definition's default
 * status. A partitioned resource's form holds the partition too (its store body requires it): the
 * record's own, or for a new record the screen's `partition` value.
 */
export function formValuesOf(resource: AnyResource, record?: ResourceRecord, partition?: PartitionValues): Record<string, unknown> {
  const values: Record<string, unknown> = record && resource.partition ? { [resource.partition.field]: record[resource.partition.field] } : { ...partitionOf(resource, partition) };
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = record?.[name];
    if (field.kind === 'flag') {
      // A switch holds true/false: the record's 1, or for a new record the flag's initial value.
      values[name] = record ? value === 1 : v.getDefault(field.input as v.OptionalSchema<v.GenericSchema, unknown>) === 1;
      continue;
    }
    // An image is sent only when changed (its new key, or null to remove it): missing keeps the stored one.
    values[name] = field.kind === 'image' ? undefined : (value ?? '');
  }
  for (const { field } of resource.categoryFields) values[field] = record?.[field] ?? null;
  if (resource.status) values.status = record ? record.status === 1 : resource.defaultStatus === 1;
  return values;
}

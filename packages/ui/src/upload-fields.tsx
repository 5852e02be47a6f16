import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { UploadedFile } from '@baridesk/contracts';
import { useBoundField, type FieldBinding } from './field-binding';
import { UploadControl, type StoredFile, type UploadControlProps } from './upload-control';

export type ImageUploadProps = UploadControlProps;
export type FileUploadProps = Omit<UploadControlProps, 'minWidth' | 'minHeight' | 'aspectRatio'>;

/** An image upload with a preview of the current image (value/onChange: standalone, outside a form). */
export function ImageUpload(props: ImageUploadProps) {
  return <UploadControl kind="image" {...props} />;
}

/** A document (PDF) upload with a link to the current file (value/onChange: standalone, outside a form). */
export function FileUpload(props: FileUploadProps) {
  return <UploadControl kind="document" {...props} />;
}

/**
 * What the form field holds.
 * - 'file' (the default): the current file (UploadedFile, or a `{ url }` given as the default value) or null.
 * - 'key': what a resource kit image field sends: undefined while unchanged (the widget shows `current`),
 *   the new upload's key, or null once the file is removed.
 */
export type UploadValueAs = 'file' | 'key';

type BindingProps = {
  valueAs?: UploadValueAs;
  /** With valueAs 'key': the URL of the stored file (the record's), shown while the field is unchanged. */
  current?: string | null;
};

/** What the form field supplies to the upload widget. */
type Supplied = 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref';

export type ImageUploadFieldProps<T extends FieldValues> = FieldBinding<T> & Omit<ImageUploadProps, Supplied> & BindingProps;
export type FileUploadFieldProps<T extends FieldValues> = FieldBinding<T> & Omit<FileUploadProps, Supplied> & BindingProps;

/** A form value as a file to show: anything but an object with a url (undefined, '', a bare key) is none. */
const storedFileOf = (value: unknown): StoredFile | null =>
  typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string' ? (value as StoredFile) : null;

function useUploadBinding<T extends FieldValues>(props: FieldBinding<T> & BindingProps) {
  const { field, error } = useBoundField(props);
  // With keys in the form, the upload behind the key is kept here for its preview.
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const byKey = props.valueAs === 'key';
  let value: StoredFile | null;
  if (!byKey) value = storedFileOf(field.value);
  else if (field.value === undefined) value = props.current ? { url: props.current } : null;
  else value = typeof field.value === 'string' && uploaded?.key === field.value ? uploaded : null;
  const onChange = (next: UploadedFile | null) => {
    setUploaded(next);
    field.onChange(byKey ? (next?.key ?? null) : next);
  };
  return { name: field.name, value, onChange, onBlur: field.onBlur, ref: field.ref, error };
}

/** An ImageUpload bound to a react-hook-form field (see UploadValueAs for what the field holds). */
export function ImageUploadField<T extends FieldValues>(props: ImageUploadFieldProps<T>) {
  const bound = useUploadBinding(props);
  const { control: _control, form: _form, valueAs: _valueAs, current: _current, ...own } = props;
  return <ImageUpload {...own} {...bound} />;
}

/** A FileUpload bound to a react-hook-form field (see UploadValueAs for what the field holds). */
export function FileUploadField<T extends FieldValues>(props: FileUploadFieldProps<T>) {
  const bound = useUploadBinding(props);
  const { control: _control, form: _form, valueAs: _valueAs, current: _current, ...own } = props;
  return <FileUpload {...own} {...bound} />;
}

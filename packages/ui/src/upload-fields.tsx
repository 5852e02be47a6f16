import type { FieldValues } from 'react-hook-form';
import type { UploadedFile } from '@baridesk/contracts';
import { useBoundField, type FieldBinding } from './field-binding';
import { UploadControl, type UploadControlProps } from './upload-control';

export type ImageUploadProps = UploadControlProps;
export type FileUploadProps = Omit<UploadControlProps, 'minWidth' | 'minHeight'>;

/** An image upload with a preview of the current image (value/onChange: standalone, outside a form). */
export function ImageUpload(props: ImageUploadProps) {
  return <UploadControl kind="image" {...props} />;
}

/** A document (PDF) upload with a link to the current file (value/onChange: standalone, outside a form). */
export function FileUpload(props: FileUploadProps) {
  return <UploadControl kind="document" {...props} />;
}

/** What the form field supplies to the upload widget. */
type Supplied = 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref';

export type ImageUploadFieldProps<T extends FieldValues> = FieldBinding<T> & Omit<ImageUploadProps, Supplied>;
export type FileUploadFieldProps<T extends FieldValues> = FieldBinding<T> & Omit<FileUploadProps, Supplied>;

/** The form field's value as an upload: anything but an object with a url (undefined, '', a bare key) is none. */
const uploadOf = (value: unknown): UploadedFile | null =>
  typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string' ? (value as UploadedFile) : null;

function useUploadBinding<T extends FieldValues>(props: FieldBinding<T>) {
  const { field, error } = useBoundField(props);
  return { name: field.name, value: uploadOf(field.value), onChange: field.onChange, onBlur: field.onBlur, ref: field.ref, error };
}

/** An ImageUpload bound to a react-hook-form field holding the stored upload (UploadedFile) or null. */
export function ImageUploadField<T extends FieldValues>(props: ImageUploadFieldProps<T>) {
  const bound = useUploadBinding(props);
  const { control: _control, form: _form, ...own } = props;
  return <ImageUpload {...own} {...bound} />;
}

/** A FileUpload bound to a react-hook-form field holding the stored upload (UploadedFile) or null. */
export function FileUploadField<T extends FieldValues>(props: FileUploadFieldProps<T>) {
  const bound = useUploadBinding(props);
  const { control: _control, form: _form, ...own } = props;
  return <FileUpload {...own} {...bound} />;
}

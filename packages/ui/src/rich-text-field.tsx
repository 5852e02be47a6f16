import type { FieldValues } from 'react-hook-form';
import { useBoundField, type FieldBinding } from './field-binding';
import { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';

export type RichTextFieldProps<T extends FieldValues> = FieldBinding<T> & Omit<RichTextEditorProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'ref'>;

/** A RichTextEditor bound to a react-hook-form field holding HTML ('' for no text; anything but a string shows as ''). */
export function RichTextField<T extends FieldValues>(props: RichTextFieldProps<T>) {
  const { field, error } = useBoundField(props);
  const { control: _control, form: _form, name: _name, ...own } = props;
  return (
    <RichTextEditor
      {...own}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      ref={field.ref}
      error={error}
    />
  );
}

import { useController, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** How a field component is tied to its form: pass `control` (react-hook-form style) or the whole `form`. */
export type FieldBinding<T extends FieldValues> = { name: Path<T> } & (
  | { control: Control<T, unknown, FieldValues>; form?: never }
  | { form: Pick<UseFormReturn<T, unknown, FieldValues>, 'control'>; control?: never }
);

/** `useController` for either binding; the error message is the field's first. */
export function useBoundField<T extends FieldValues>(binding: FieldBinding<T>) {
  const control = binding.control ?? binding.form?.control;
  const { field, fieldState } = useController({ name: binding.name, control });
  return { field, error: fieldState.error?.message };
}

import { useRef, useState } from 'react';
import type { ChecklistTemplateFormInput } from '@baridesk/contracts';
import type { ValibotFormReturn } from '@baridesk/ui';
import type { checklistTemplateFormSchema } from '@baridesk/contracts';

export type TemplateForm = ValibotFormReturn<typeof checklistTemplateFormSchema>;
type ItemInput = ChecklistTemplateFormInput['items'][number];

export const emptyTemplateItem = (): ItemInput => ({ title: '', description: '', due_anchor: '', due_days: '' });

const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
};
const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/**
 * The ordered items of the template form: one stable key per row (so a row keeps its DOM, its focus and
 * its own state when it moves) over the form's `items` array, added to, removed from and re-ordered here.
 * react-hook-form's useFieldArray would do this, but the apps reach react-hook-form only through
 * @baridesk/ui, which does not export it.
 */
export function useTemplateItemRows(form: TemplateForm) {
  const nextKey = useRef(0);
  const [keys, setKeys] = useState<number[]>(() => (form.getValues('items') ?? []).map(() => nextKey.current++));

  /** The form's items and the keys change together; messages about positions no longer apply. */
  const commit = (items: ItemInput[], nextKeys: number[]) => {
    form.setValue('items', items, { shouldDirty: true });
    form.clearErrors('items');
    if (form.formState.isSubmitted) void form.trigger('items');
    setKeys(nextKeys);
  };
  const items = () => form.getValues('items') ?? [];

  return {
    keys,
    /** Adds an empty item at the end; answers its key. */
    append: () => {
      const key = nextKey.current++;
      commit([...items(), emptyTemplateItem()], [...keys, key]);
      return key;
    },
    remove: (index: number) => commit(without(items(), index), without(keys, index)),
    move: (from: number, to: number) => commit(moved(items(), from, to), moved(keys, from, to)),
  };
}

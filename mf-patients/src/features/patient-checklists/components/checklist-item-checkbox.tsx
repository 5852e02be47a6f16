import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { Checkbox } from '@baridesk/ui/controls';
import { notifyMoves, useUpdateChecklistItem } from '../api/update-checklist-item';

export type ChecklistItemCheckboxProps = {
  itemId: number;
  /** Done, as the server last said. */
  checked: boolean;
  /** The box's name: the item's title, or more where the title alone is ambiguous (a list of patients). */
  label: ReactNode;
  /** Shows the label to screen readers only (a table row, where the title is in its own cell). */
  hideLabel?: boolean;
  /** A deactivated checklist cannot be ticked. */
  disabled?: boolean;
};

/**
 * Ticks and unticks a checklist item: the box changes at once and the server's answer decides (a
 * refusal shows its message, and the box goes back to what the server has). A tick that moved the
 * patient in the pipeline says so.
 */
export function ChecklistItemCheckbox({ itemId, checked, label, hideLabel = false, disabled = false }: ChecklistItemCheckboxProps) {
  const update = useUpdateChecklistItem();
  const [pending, setPending] = useState<boolean | null>(null);

  const change = async (next: boolean) => {
    // One change at a time; the box stays focusable meanwhile (a disabled box would drop the focus).
    if (pending !== null) return;
    setPending(next);
    try {
      const answer = await update.mutateAsync({ id: itemId, completed: next ? 1 : 0 });
      notifySuccess(answer.message);
      notifyMoves(answer.data);
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <Checkbox.Root
      checked={pending ?? checked}
      disabled={disabled}
      aria-busy={pending !== null || undefined}
      onCheckedChange={(details) => void change(details.checked === true)}
      alignItems="flex-start"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control mt="0.5" />
      <Checkbox.Label srOnly={hideLabel} fontWeight="medium">
        {label}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

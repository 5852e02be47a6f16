import { useEffect, useRef, useState } from 'react';
import { CHECKLIST_DESCRIPTION_MAX, CHECKLIST_DUE_ANCHORS, CHECKLIST_NAME_MAX } from '@baridesk/contracts';
import {
  Button,
  chakra,
  Fieldset,
  FormField,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  TextareaField,
  TextField,
  VisuallyHidden,
} from '@baridesk/ui';
import { useTemplateItemRows, type TemplateForm } from '../hooks/use-template-item-rows';

/** Which control of a row takes the focus after a change of the list. */
type FocusRequest = { key: number; control: 'title' | 'up' | 'down' };

/**
 * The template's items in their order: add, remove, move up and down (buttons, so the keyboard does it
 * all), and per item its title, description and due-date rule. After a move the focus stays on the
 * moved item's button and the change is announced.
 */
export function TemplateItemsEditor({ form }: { form: TemplateForm }) {
  const rows = useTemplateItemRows(form);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const errors = form.formState.errors.items;
  const listError = errors?.message ?? errors?.root?.message;
  const count = rows.keys.length;

  const move = (index: number, to: number) => {
    const key = rows.keys[index]!;
    rows.move(index, to);
    // The button pressed may now be disabled (first or last place): the other one takes the focus.
    const control = to < index ? (to === 0 ? 'down' : 'up') : to === count - 1 ? 'up' : 'down';
    setFocus({ key, control });
    setAnnouncement(`Item moved to position ${to + 1} of ${count}.`);
  };
  const remove = (index: number) => {
    const next = rows.keys[index + 1] ?? rows.keys[index - 1];
    rows.remove(index);
    if (next !== undefined) setFocus({ key: next, control: 'title' });
    setAnnouncement(`Item ${index + 1} removed.`);
  };
  const add = () => {
    setFocus({ key: rows.append(), control: 'title' });
    setAnnouncement(`Item ${count + 1} added.`);
  };

  return (
    <Stack as="section" aria-label="Items" gap="3">
      <Text fontWeight="semibold">Items</Text>
      {listError ? (
        <Text role="alert" color="fg.error">
          {listError}
        </Text>
      ) : null}
      <chakra.ol listStyleType="none" ps="0" display="flex" flexDirection="column" gap="4">
        {rows.keys.map((key, index) => (
          <ItemRow
            key={key}
            form={form}
            index={index}
            count={count}
            focus={focus?.key === key ? focus.control : undefined}
            onFocused={() => setFocus(null)}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
      </chakra.ol>
      <div>
        <Button variant="outline" onClick={add}>
          Add item
        </Button>
      </div>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}

type ItemRowProps = {
  form: TemplateForm;
  index: number;
  count: number;
  focus: FocusRequest['control'] | undefined;
  onFocused: () => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

function ItemRow({ form, index, count, focus, onFocused, onMove, onRemove }: ItemRowProps) {
  const position = index + 1;
  const rowRef = useRef<HTMLLIElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    const target = focus === 'up' ? upRef.current : focus === 'down' ? downRef.current : rowRef.current?.querySelector('input');
    target?.focus();
    onFocused();
  }, [focus, onFocused]);

  return (
    <chakra.li ref={rowRef}>
      <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
        <Fieldset.Legend fontWeight="semibold">{`Item ${position}`}</Fieldset.Legend>
        <Stack gap="3" mt="2">
          <TextField form={form} name={`items.${index}.title`} label="Title" required maxLength={CHECKLIST_NAME_MAX} />
          <TextareaField form={form} name={`items.${index}.description`} label="Description" rows={2} maxLength={CHECKLIST_DESCRIPTION_MAX} />
          <DueRuleFields form={form} index={index} />
          <HStack gap="2" wrap="wrap">
            <Button
              ref={upRef}
              size="sm"
              variant="outline"
              colorPalette="gray"
              disabled={index === 0}
              aria-label={`Move up item ${position}`}
              onClick={() => onMove(index - 1)}
            >
              Move up
            </Button>
            <Button
              ref={downRef}
              size="sm"
              variant="outline"
              colorPalette="gray"
              disabled={index === count - 1}
              aria-label={`Move down item ${position}`}
              onClick={() => onMove(index + 1)}
            >
              Move down
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" disabled={count === 1} aria-label={`Remove item ${position}`} onClick={onRemove}>
              Remove
            </Button>
          </HStack>
        </Stack>
      </Fieldset.Root>
    </chakra.li>
  );
}

const NO_DUE_DATE = '';

/**
 * The due-date rule: none, or a number of days before or after the start of the stage, the consult
 * date or the surgery date. The form holds what the server takes (due_anchor and signed due_days); the
 * days are shown without their sign, which the Before/After choice gives.
 */
function DueRuleFields({ form, index }: { form: TemplateForm; index: number }) {
  const anchorName = `items.${index}.due_anchor` as const;
  const daysName = `items.${index}.due_days` as const;
  const anchor = form.watch(anchorName) ?? NO_DUE_DATE;
  const days = form.watch(daysName);
  const [before, setBefore] = useState(() => Number(days) < 0);
  const itemErrors = form.formState.errors.items?.[index];
  const magnitude = days === null || days === undefined ? '' : String(days).replace(/^-/, '');

  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const setDays = (text: string, isBefore: boolean) => form.setValue(daysName, text === '' ? '' : isBefore ? `-${text}` : text, options);
  const setAnchor = (value: string) => {
    form.setValue(anchorName, value, options);
    // No due date: no days either (the server refuses days without an anchor).
    if (value === NO_DUE_DATE) form.setValue(daysName, '', options);
  };

  return (
    <HStack gap="3" align="flex-start" wrap="wrap">
      <chakra.div minW="14rem">
        <FormField label="Due date" error={itemErrors?.due_anchor?.message}>
          {({ describedBy }) => (
            <NativeSelect.Root>
              <NativeSelect.Field aria-describedby={describedBy} value={anchor} onChange={(event) => setAnchor(event.currentTarget.value)}>
                <option value={NO_DUE_DATE}>No due date</option>
                {CHECKLIST_DUE_ANCHORS.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
      </chakra.div>
      {anchor === NO_DUE_DATE ? null : (
        <>
          <chakra.div w="8rem">
            <FormField label="Days" error={itemErrors?.due_days?.message} required>
              {({ describedBy }) => (
                <Input
                  inputMode="numeric"
                  aria-describedby={describedBy}
                  aria-required
                  value={magnitude}
                  maxLength={5}
                  onChange={(event) => setDays(event.currentTarget.value.trim().replace(/^-/, ''), before)}
                />
              )}
            </FormField>
          </chakra.div>
          <chakra.div minW="9rem">
            <FormField label="Before or after">
              {() => (
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={before ? 'before' : 'after'}
                    onChange={(event) => {
                      const isBefore = event.currentTarget.value === 'before';
                      setBefore(isBefore);
                      setDays(magnitude, isBefore);
                    }}
                  >
                    <option value="after">After</option>
                    <option value="before">Before</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </FormField>
          </chakra.div>
        </>
      )}
    </HStack>
  );
}

import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { DEFAULT_MAX_INPUT_LENGTH } from '@baridesk/domain';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

export type SearchBoxProps = {
  /** Names the box ("Search patients"). */
  label: string;
  /** Shows the label to screen readers only (a search box above a list, where the placeholder says it). */
  hideLabel?: boolean;
  /** The search in effect: typing shows at once and is passed on once it pauses; a change from outside replaces it. */
  value: string;
  onCommit: (value: string) => void;
  placeholder?: string;
  type?: 'search' | 'text';
  delayMs?: number;
  maxW?: string;
};

/** A labelled search input that passes its text on once typing pauses (Enter passes it at once). */
export function SearchBox({
  label,
  hideLabel = false,
  value,
  onCommit,
  placeholder,
  type = 'search',
  delayMs = SEARCH_DEBOUNCE_MS,
  maxW,
}: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const paused = useDebouncedValue(text, delayMs);
  const committed = useRef(value);
  const latestOnCommit = useRef(onCommit);
  useEffect(() => {
    latestOnCommit.current = onCommit;
  });

  const commit = useCallback((next: string) => {
    if (next === committed.current) return;
    committed.current = next;
    latestOnCommit.current(next);
  }, []);

  // A change from outside (Clear filters, a restored search) replaces what is typed.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  // Typing has paused on `text`: pass it on (not a stale pause from before a change from outside).
  useEffect(() => {
    if (paused === text) commit(paused);
  }, [paused, text, commit]);

  return (
    <Field.Root ids={{ control: id }} maxW={maxW}>
      <Field.Label srOnly={hideLabel}>{label}</Field.Label>
      <Input
        type={type}
        value={text}
        placeholder={placeholder}
        maxLength={DEFAULT_MAX_INPUT_LENGTH}
        autoComplete="off"
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
    </Field.Root>
  );
}

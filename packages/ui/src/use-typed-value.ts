import { useEffect, useRef, useState } from 'react';

type Options = {
  value: string;
  onChange: (value: string) => void;
  /** The stored value of a typed text, or null when the text is not a valid one. */
  parse: (text: string) => string | null;
  /** The text shown for a stored value ('' for ''). */
  format: (value: string) => string;
};

/**
 * The typed text of a picker (date, time) kept beside the stored value. Invalid text stays as the
 * user typed it and the stored value becomes '' (so a required rule still catches it); the text is
 * flagged invalid on blur, not while the user is still typing.
 */
export function useTypedValue({ value, onChange, parse, format }: Options) {
  const [text, setText] = useState(() => format(value));
  const [textInvalid, setTextInvalid] = useState(false);
  // The last value this picker sent: a different `value` comes from outside (reset, loaded record).
  const sent = useRef(value);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(format(value));
    setTextInvalid(false);
  }, [value, format]);

  const send = (next: string) => {
    sent.current = next;
    if (next !== value) onChange(next);
  };

  const changeText = (raw: string) => {
    setText(raw);
    const trimmed = raw.trim();
    const parsed = trimmed === '' ? '' : parse(trimmed);
    if (parsed !== null) setTextInvalid(false);
    send(parsed ?? '');
  };

  const blurText = () => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    const parsed = parse(trimmed);
    if (parsed === null) setTextInvalid(true);
    else setText(format(parsed));
  };

  const pick = (next: string) => {
    setText(format(next));
    setTextInvalid(false);
    send(next);
  };

  return { text, textInvalid, changeText, blurText, pick };
}

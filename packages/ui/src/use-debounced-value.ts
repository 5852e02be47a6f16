import { useEffect, useState } from 'react';

/** Searches wait this long after the last key press before asking the server (spec: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, updated only once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

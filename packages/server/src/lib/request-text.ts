/**
 * Requests carry text as UTF-8. Decoders replace bytes that are not UTF-8 with U+FFFD without a word, so
 * a bad request would be stored damaged; these helpers find such bytes where the raw form is still at hand.
 */
import { isUtf8 } from 'node:buffer';

export const INVALID_UTF8 = 'The request holds text that is not valid UTF-8.';
export const MALFORMED_ADDRESS = 'The address holds a malformed %-escape or text that is not valid UTF-8.';

// Runs of %XX escapes. The HTTP parser refuses raw bytes above 0x7F in a request line, so a multi-byte
// character of a URL is always a whole run of escapes: checking each run is checking the whole URL.
const ESCAPED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** True when every %-escaped byte sequence of `url` (path and query string) decodes as UTF-8. */
export function isUtf8Url(url: string): boolean {
  for (const [run] of url.matchAll(ESCAPED_RUN)) {
    if (!isUtf8(Buffer.from(run.replaceAll('%', ''), 'hex'))) return false;
  }
  return true;
}

/**
 * For text whose bytes a library already decoded (multipart fields, by busboy): the decoder left U+FFFD
 * where the bytes were not UTF-8. A client typing U+FFFD on purpose is refused as well; the character
 * only ever stands for text already lost elsewhere.
 */
export function hasReplacementCharacter(text: string): boolean {
  return text.includes('\uFFFD');
}

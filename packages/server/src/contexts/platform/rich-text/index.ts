/**
 * The platform's rich-text context: sanitising HTML before it is stored. Other contexts (the resource
 * kit on every write of a rich-text field) import it from here, never from the files beside it.
 */
export { sanitizeRichText } from './sanitize';

/**
 * @baridesk/ui/rich-text: the rich-text editor (TipTap, with ProseMirror), standalone and as a form
 * field. Heavy, so its own entry: only the screens that edit rich text load it (see index.ts).
 */
export { RichTextEditor, isAllowedLink, type RichTextEditorProps, type RichTextHeight } from './rich-text-editor';
export { RichTextField, type RichTextFieldProps } from './rich-text-field';

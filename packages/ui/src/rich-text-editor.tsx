import { useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Box, Button, HStack, Input, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { INVALID_URL } from '@baridesk/contracts';
import { RICH_TEXT_HEIGHTS, RICH_TEXT_LINK_PROTOCOLS } from '@baridesk/domain';
import { FormField } from './form-field';

/** An absolute http, https or mailto URL, read as a browser reads it (so "java\tscript:" is caught too). */
export function isAllowedLink(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    if (!RICH_TEXT_LINK_PROTOCOLS.has(parsed.protocol)) return false;
    return parsed.protocol === 'mailto:' ? parsed.pathname.includes('@') : parsed.hostname !== '';
  } catch {
    return false;
  }
}

export type RichTextHeight = keyof typeof RICH_TEXT_HEIGHTS;

export type RichTextEditorProps = {
  label: string;
  /** HTML; '' for no text. */
  value: string;
  /** Gets the HTML, or '' when the text is emptied. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The spec's heights: 'large' 450 px (the default, pages and messages), 'small' 250 px. */
  height?: RichTextHeight;
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Focuses the editable region (react-hook-form focuses a field with an error through it). */
  ref?: Ref<{ focus: () => void }>;
};

/** The HTML of the editor's text, '' for an empty one (TipTap gives '<p></p>'). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function useFormatState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
}

type Tool = {
  label: string;
  /** What the button shows (the accessible name is `label`). */
  glyph: ReactNode;
  /** A toggle's state (aria-pressed); undefined for a plain action. */
  pressed?: boolean;
  enabled?: boolean;
  run: () => void;
};

/**
 * The formatting toolbar: one tab stop, the arrow keys (and Home, End) move between the buttons, as
 * the ARIA toolbar pattern has it. The buttons keep the editor's selection (no focus taken on press).
 */
function Toolbar({ tools, controls, disabled }: { tools: Tool[]; controls: string; disabled: boolean }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <HStack role="toolbar" aria-label="Formatting" aria-controls={controls} gap="1" flexWrap="wrap" p="1" borderBottomWidth="1px" onKeyDown={move}>
      {tools.map((tool, index) => {
        const unavailable = disabled || tool.enabled === false;
        return (
          <Button
            key={tool.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            size="xs"
            minW="8"
            variant={tool.pressed ? 'subtle' : 'ghost'}
            colorPalette={tool.pressed ? 'brand' : 'gray'}
            aria-pressed={tool.pressed}
            // aria-disabled, not disabled: a disabled button cannot take the focus, and the toolbar's one tab stop may be on it.
            aria-disabled={unavailable || undefined}
            tabIndex={index === current ? 0 : -1}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              if (!unavailable) tool.run();
            }}
          >
            {/* Named by its words, not an aria-label: a label that leaves out the visible glyph ("H2", "1.") is
                axe's label-content-name-mismatch. The glyph is for the eye only. */}
            <span aria-hidden>{tool.glyph}</span>
            <VisuallyHidden>{tool.label}</VisuallyHidden>
          </Button>
        );
      })}
    </HStack>
  );
}

/** The URL prompt of the link button: http, https and mailto only; empty removes the link. */
function LinkPrompt({ initial, onApply, onRemove, onClose }: { initial: string; onApply: (url: string) => void; onRemove: () => void; onClose: () => void }) {
  const [url, setUrl] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => inputRef.current?.focus(), []);

  const apply = () => {
    const trimmed = url.trim();
    if (trimmed === '') onRemove();
    else if (isAllowedLink(trimmed)) onApply(trimmed);
    else setInvalid(true);
  };

  return (
    <Stack gap="1" p="2" borderBottomWidth="1px" role="group" aria-label="Link">
      <HStack gap="2">
        <Input
          ref={inputRef}
          size="sm"
          type="url"
          aria-label="Link URL"
          placeholder="https://"
          value={url}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            }
          }}
        />
        <Button size="sm" onClick={apply}>
          Apply
        </Button>
        {initial ? (
          <Button size="sm" variant="outline" onClick={onRemove}>
            Remove link
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </HStack>
      {invalid ? (
        <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
          {`${INVALID_URL} Links start with http://, https:// or mailto:.`}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Chakra resets lists and headings; the text being edited shows them as they will be read. */
const contentStyles = {
  '& .ProseMirror': { outline: 'none', minHeight: '100%', padding: '3' },
  '& .ProseMirror p': { marginBlock: '2' },
  '& .ProseMirror h2': { fontSize: 'xl', fontWeight: 'semibold', marginBlock: '3' },
  '& .ProseMirror h3': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '2' },
  '& .ProseMirror ul': { listStyleType: 'disc', paddingInlineStart: '6' },
  '& .ProseMirror ol': { listStyleType: 'decimal', paddingInlineStart: '6' },
  '& .ProseMirror a': { color: 'brand.fg', textDecoration: 'underline' },
  '& .ProseMirror blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
};

/**
 * A rich-text editor (TipTap) holding HTML: a toolbar of toggle buttons (bold, italic, underline,
 * two heading levels, bullet and numbered lists, a link with a URL prompt) and undo/redo above a
 * labelled editable region of the spec's height. Shortcuts: TipTap's (Mod-B, Mod-I, Mod-U, Mod-Z…),
 * and Mod-K for the link. The server sanitises what is stored; the editor writes links of allowed
 * schemes only, also when they are pasted or typed.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  height = 'large',
  error,
  helperText,
  required,
  disabled = false,
  ref,
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  // The last HTML this editor sent: a different `value` comes from outside (a reset, a loaded record).
  const sent = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // It keeps an empty paragraph after a closing heading or list, which would be stored as '<p></p>'.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
    ],
    content: value,
    editable: !disabled,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      sent.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    // Without emitting an update: that would send the unchanged text as a change.
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useImperativeHandle(ref, () => ({ focus: () => editor.commands.focus() }), [editor]);

  const state = useFormatState(editor);
  const chain = () => editor.chain().focus();

  const closeLink = () => {
    setLinkOpen(false);
    editor.commands.focus();
  };
  const applyLink = (href: string) => {
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the URL itself becomes the linked text.
      chain().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain().extendMarkRange('link').setLink({ href }).run();
    }
    setLinkOpen(false);
  };
  const removeLink = () => {
    chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  };

  const tools: Tool[] = [
    { label: 'Bold', glyph: <b>B</b>, pressed: state.bold, run: () => chain().toggleBold().run() },
    { label: 'Italic', glyph: <i>I</i>, pressed: state.italic, run: () => chain().toggleItalic().run() },
    { label: 'Underline', glyph: <u>U</u>, pressed: state.underline, run: () => chain().toggleUnderline().run() },
    { label: 'Heading', glyph: 'H2', pressed: state.heading2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Subheading', glyph: 'H3', pressed: state.heading3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Bulleted list', glyph: '•', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', glyph: '1.', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { label: 'Link', glyph: 'Link', pressed: state.link, run: () => setLinkOpen(true) },
    { label: 'Undo', glyph: '↶', enabled: state.canUndo, run: () => chain().undo().run() },
    { label: 'Redo', glyph: '↷', enabled: state.canRedo, run: () => chain().redo().run() },
  ];

  return (
    <FormField label={label} error={error} helperText={helperText} required={required}>
      {({ id, labelId, describedBy, invalid }) => (
        <RegionAttributes editor={editor} attributes={{ id, labelId, describedBy, invalid, required: Boolean(required) }}>
          <Box
            w="full"
            borderWidth="1px"
            borderRadius="md"
            borderColor={invalid ? 'border.error' : 'border'}
            _focusWithin={{ outline: '2px solid', outlineColor: invalid ? 'border.error' : 'colorPalette.focusRing', outlineOffset: '-1px' }}
            opacity={disabled ? 0.6 : undefined}
            onKeyDown={(event) => {
              if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k' && !disabled) {
                event.preventDefault();
                setLinkOpen(true);
              }
            }}
          >
            <Toolbar tools={tools} controls={id} disabled={disabled} />
            {linkOpen ? <LinkPrompt initial={state.href} onApply={applyLink} onRemove={removeLink} onClose={closeLink} /> : null}
            <Box h={`${RICH_TEXT_HEIGHTS[height]}px`} overflowY="auto" css={contentStyles} data-height={height}>
              <EditorContent editor={editor} style={{ height: '100%' }} />
            </Box>
          </Box>
        </RegionAttributes>
      )}
    </FormField>
  );
}

type RegionProps = { id: string; labelId: string; describedBy: string | undefined; invalid: boolean; required: boolean };

/**
 * Names and describes the editable region (a contenteditable div that ProseMirror owns) as a labelled
 * multi-line text box: its attributes are ProseMirror's to set, so they go in through editorProps.
 */
function RegionAttributes({ editor, attributes, children }: { editor: Editor; attributes: RegionProps; children: ReactNode }) {
  const { id, labelId, describedBy, invalid, required } = attributes;
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
        },
      },
    });
  }, [editor, id, labelId, describedBy, invalid, required]);
  return <>{children}</>;
}

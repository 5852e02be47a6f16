import { createElement, type ReactNode } from 'react';
import { Box } from '@baridesk/ui';
import { RICH_TEXT_LINK_PROTOCOLS, RICH_TEXT_TAGS, RICH_TEXT_TEXTLESS_TAGS } from '@baridesk/domain';

/**
 * The rich text as the app shows it. Stored bodies come sanitised by the server, but the live preview
 * shows what the editor holds before it is saved, so the markup is never put into the page as HTML:
 * it is parsed (inert: DOMParser runs no script and loads nothing) and rebuilt as React elements from
 * the same allow-list as the server's sanitiser (contexts/platform/rich-text): its tags, its attributes,
 * links with http, https or mailto only, images from https or our own uploads.
 */
const TAGS = new Set(RICH_TEXT_TAGS);
const EMPTY_TAGS = new Set(['br', 'hr', 'img', 'col']);
/**
 * Dropped with their content: the sanitiser's text-less tags, and foreign content (whose inner markup the
 * browser's parser makes elements of); any other unknown tag keeps its text.
 */
const DROPPED = new Set([...RICH_TEXT_TEXTLESS_TAGS, 'svg', 'math', 'object', 'embed']);

function hasProtocol(value: string, protocols: ReadonlySet<string>): boolean {
  try {
    return protocols.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Our own public uploads, as the server's image rule allows them (relative, no private folder). */
const isOwnUpload = (src: string) => /^\/uploads\/(?:global|\d+)\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(src);
const isImageSource = (src: string) => isOwnUpload(src) || hasProtocol(src, new Set(['https:']));

/** The React props of an allowed element's allowed attributes. */
function propsOf(element: Element): Record<string, string | number> | null {
  const tag = element.tagName.toLowerCase();
  const attr = (name: string) => element.getAttribute(name) ?? undefined;
  const number = (name: string) => {
    const value = Number(attr(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const props: Record<string, string | number | undefined> = {};
  switch (tag) {
    case 'a': {
      const href = attr('href');
      if (href && hasProtocol(href, RICH_TEXT_LINK_PROTOCOLS)) props.href = href;
      props.title = attr('title');
      // A link in the preview opens beside the staff screen, never in place of it.
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
      break;
    }
    case 'img': {
      const src = attr('src');
      if (!src || !isImageSource(src)) return null;
      Object.assign(props, { src, alt: attr('alt') ?? '', title: attr('title'), width: number('width'), height: number('height') });
      break;
    }
    case 'ol':
      props.start = number('start');
      break;
    case 'th':
    case 'td':
      Object.assign(props, { colSpan: number('colspan'), rowSpan: number('rowspan') });
      break;
    case 'col':
      props.span = number('span');
      break;
    case 'code': {
      const language = attr('class')?.split(/\s+/).find((name) => /^language-[\w-]+$/.test(name));
      props.className = language;
      break;
    }
  }
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Record<string, string | number>;
}

function nodesOf(parent: ParentNode, path: string): ReactNode[] {
  return Array.from(parent.childNodes).flatMap((node, index): ReactNode[] => {
    const key = `${path}.${index}`;
    if (node.nodeType === Node.TEXT_NODE) return [node.textContent];
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const element = node as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED.has(tag)) return [];
    if (!TAGS.has(tag)) return nodesOf(element, key);
    const props = propsOf(element);
    if (props === null) return [];
    return [createElement(tag, { ...props, key }, ...(EMPTY_TAGS.has(tag) ? [] : nodesOf(element, key)))];
  });
}

/** The elements of `html` that the allow-list keeps. */
export function richTextNodes(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return nodesOf(document.body, 'n');
}

/** Rich text drawn as the app draws it: paragraphs, headings, lists, links, images, tables. */
export function RichTextView({ html }: { html: string }) {
  return (
    <Box
      fontSize="sm"
      lineHeight="1.6"
      css={{
        '& > * + *': { marginTop: '3' },
        '& h1, & h2': { fontSize: 'lg', fontWeight: 'semibold' },
        '& h3, & h4, & h5, & h6': { fontSize: 'md', fontWeight: 'semibold' },
        '& ul': { listStyleType: 'disc', paddingInlineStart: '5' },
        '& ol': { listStyleType: 'decimal', paddingInlineStart: '5' },
        '& a': { color: 'blue.700', textDecoration: 'underline' },
        '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 'md' },
        '& pre': { whiteSpace: 'pre-wrap', fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', padding: '2', borderRadius: 'sm' },
        '& table': { width: '100%', borderCollapse: 'collapse' },
        '& th, & td': { borderWidth: '1px', padding: '1', textAlign: 'start' },
      }}
    >
      {richTextNodes(html)}
    </Box>
  );
}

import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { RICH_TEXT_LINK_PROTOCOLS, RICH_TEXT_TAGS, RICH_TEXT_TEXTLESS_TAGS } from '@baridesk/domain';
import { isPublicImageUrl } from '../uploads';

/**
 * The rich text BariDesk stores: what the editor (TipTap's starter kit, plus images and tables) writes
 * for content pages, templates and notes. Everything else is removed, so no stored text can carry
 * script: no event handlers, no style, no frames or embeds, no SVG or MathML, no forms.
 */
const TAGS = [...RICH_TEXT_TAGS];

/** The rel words a link may carry; a link opening a new tab always has noopener and noreferrer. */
const REL_WORDS = ['noopener', 'noreferrer', 'nofollow', 'ugc'];

/** An absolute URL with one of `protocols`, as a browser would read it (tabs, newlines and control characters included). */
function hasProtocol(value: string, protocols: ReadonlySet<string>): boolean {
  try {
    return protocols.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Links keep only the editor's protocols (http, https, mailto); any other link loses its href. */
const isLink = (href: string) => hasProtocol(href, RICH_TEXT_LINK_PROTOCOLS);
/** An https image, or one of our own public image uploads (the upload answer's `url` or `previewUrl`). */
const isImageSource = (src: string) => isPublicImageUrl(src) || hasProtocol(src, new Set(['https:']));

const OPTIONS: IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: [
      'href',
      'title',
      { name: 'target', multiple: false, values: ['_blank'] },
      { name: 'rel', multiple: true, values: REL_WORDS },
    ],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    code: ['class'],
  },
  // TipTap's code blocks mark their language; nothing else keeps a class.
  allowedClasses: { code: ['language-*'] },
  // sanitize-html checks schemes too; the transforms below are stricter (absolute URLs only, https images).
  allowedSchemes: [...RICH_TEXT_LINK_PROTOCOLS].map((protocol) => protocol.replace(/:$/, '')),
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Their text is dropped with them, not kept as text.
  nonTextTags: [...RICH_TEXT_TEXTLESS_TAGS],
  transformTags: {
    a: (tagName, attribs) => {
      // In the order written, so the editor's own output comes back as it was.
      const kept = Object.fromEntries(
        Object.entries(attribs).filter(([name, value]) => (name === 'href' ? isLink(value) : name !== 'target' || value === '_blank')),
      );
      if (kept.target === '_blank') {
        const words = (kept.rel ?? '').split(/\s+/).filter((word) => REL_WORDS.includes(word));
        for (const needed of ['noopener', 'noreferrer']) if (!words.includes(needed)) words.push(needed);
        kept.rel = words.join(' ');
      }
      return { tagName, attribs: kept };
    },
  },
  // An image from anywhere else (http:, data:, javascript:, another site over plain http) is removed whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isImageSource(frame.attribs.src ?? ''),
};

/**
 * The rich text as it may be stored: tags, attributes and URLs outside the allow-list removed. The
 * resource kit runs it on every write of a field marked rich text; call it on any other HTML that is
 * stored and shown again. Ordinary editor output comes back unchanged.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

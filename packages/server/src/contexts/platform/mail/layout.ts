/**
 * The frame every BariDesk e-mail shares: a small, inline-styled HTML page (mail clients drop <style>
 * blocks and block remote images, so there are none) and its plain-text twin. Every value put into the
 * HTML goes through escapeHtml; links are checked to be http(s) before they become an href.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The links in the message (logged when e-mail goes to the outbox, for local development). */
  links: string[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Only absolute http(s) links go into a message; anything else is a bug of ours. */
function safeLink(href: string): string {
  const url = new URL(href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Refusing a ${url.protocol} link in an e-mail.`);
  return url.toString();
}

/** A paragraph of the message: plain text, escaped for the HTML part. */
export interface MailBody {
  /** The line after "Hello": usually the person's name; blank gives just "Hello,". */
  greetingName?: string | null | undefined;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; href: string } | undefined;
  /** Paragraphs after the button. */
  outro?: string[];
}

const BRAND = 'BariDesk';
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderMail(subject: string, body: MailBody): MailContent {
  const greeting = body.greetingName?.trim() ? `Hello ${body.greetingName.trim()},` : 'Hello,';
  const href = body.action ? safeLink(body.action.href) : null;
  const outro = body.outro ?? [];

  const textParts = [greeting, ...body.intro];
  if (body.action && href) textParts.push(`${body.action.label}:\n${href}`);
  textParts.push(...outro, `— The ${BRAND} team`);
  const text = `${textParts.join('\n\n')}\n`;

  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(line)}</p>`;
  const button =
    body.action && href
      ? `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;background:#1a5fb4;color:#ffffff;text-decoration:none;border-radius:6px;${FONT};font-size:15px;font-weight:600">${escapeHtml(body.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;${FONT};font-size:13px;line-height:19px;color:#52606d">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(href)}" style="color:#1a5fb4;word-break:break-all">${escapeHtml(href)}</a></p>`
      : '';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0"><tr><td align="center">',
    '<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;border:1px solid #e4e7eb">',
    `<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e7eb;${FONT};font-size:18px;font-weight:700;color:#1a5fb4">${BRAND}</td></tr>`,
    '<tr><td style="padding:28px">',
    paragraph(greeting),
    ...body.intro.map(paragraph),
    button,
    ...outro.map(paragraph),
    paragraph(`— The ${BRAND} team`),
    '</td></tr></table>',
    `<p style="margin:16px 0 0;${FONT};font-size:12px;color:#7b8794">This is an automatic message; replies are not read.</p>`,
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');

  return { subject, text, html, links: href ? [href] : [] };
}

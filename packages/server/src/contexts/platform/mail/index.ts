/** Mail's published interface: the layout every message is rendered with, and fastify.mailer's types. */
export { escapeHtml, renderMail, type MailBody, type MailContent } from './layout';
export type { Mailer, OutgoingMail, SentMail } from './plugins/mailer';

/**
 * Delivery of messages to patients (issue 16): the channels and statuses of a delivery, a message's
 * per-channel summary and its recipients (the show screens of on-demand and scheduled messages), and
 * the patient-app API under /api/app (sign-in, inbox, replies, Web Push subscriptions).
 */
import * as v from 'valibot';
import { DEFAULT_MAX_LENGTH, maxLength, required } from './messages';
import { loginBody } from './auth';
import { optionalId } from './auth-flows';
import { envelope, listQuery, pageOf } from './common';
import { requiredString, url } from './rules';

/** How a message reaches a patient: the patient-app inbox, e-mail, Web Push. */
export const DELIVERY_CHANNEL_NAMES = ['inbox', 'email', 'push'] as const;
export type DeliveryChannelName = (typeof DELIVERY_CHANNEL_NAMES)[number];
/** A delivery's life: queued, sent (handed to SMTP or the push service), delivered, read, or failed with its reason. */
export const DELIVERY_STATUS_NAMES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUS_NAMES)[number];

/** How the screens name the channels a message reaches a patient through. */
export const MESSAGE_CHANNEL_LABELS: Readonly<Record<DeliveryChannelName, string>> = { inbox: 'App inbox', email: 'E-mail', push: 'Push notification' };
/** The channels as a form offers them, in their order. */
export const MESSAGE_CHANNEL_OPTIONS = DELIVERY_CHANNEL_NAMES.map((value) => ({ value, label: MESSAGE_CHANNEL_LABELS[value] }));

export const deliveryChannelSchema = v.picklist(DELIVERY_CHANNEL_NAMES, 'The channel must be one of inbox, email or push.');
export const deliveryStatusSchema = v.picklist(DELIVERY_STATUS_NAMES, 'The status must be one of queued, sent, delivered, read or failed.');

/** The reasons a delivery failed that the product itself gives (a mail server or push service gives its own). */
export const DELIVERY_FAILURES = {
  noEmail: 'No e-mail address',
  noPushSubscription: 'No push subscription',
  pushOff: 'Push is off: no VAPID keys',
  subscriptionGone: 'The push subscription has expired',
} as const;

/** Per channel and status, how many deliveries a message has (channels it does not use are empty). */
export const deliverySummarySchema = v.record(deliveryChannelSchema, v.record(deliveryStatusSchema, v.number()));
export type DeliverySummary = Record<DeliveryChannelName, Partial<Record<DeliveryStatusName, number>>>;

const nullableString = v.nullable(v.string());

/** One channel's delivery to one recipient: its status, the reason of a failure, tries, and when each step happened (ISO 8601). */
export const channelDeliverySchema = v.object({
  status: deliveryStatusSchema,
  error: nullableString,
  attempts: v.number(),
  queued_at: v.string(),
  sent_at: nullableString,
  delivered_at: nullableString,
  read_at: nullableString,
  failed_at: nullableString,
});
export type ChannelDelivery = v.InferOutput<typeof channelDeliverySchema>;

/** A recipient of a message with its delivery on each channel the message uses. */
export const deliveryRecipientSchema = v.object({
  patient_id: v.number(),
  name: v.string(),
  email: nullableString,
  channels: v.record(deliveryChannelSchema, channelDeliverySchema),
});
export type DeliveryRecipient = v.InferOutput<typeof deliveryRecipientSchema>;

/** The recipients' list: page, perPage, a search in name or e-mail, and a status (any channel). */
export const deliveryRecipientsQuery = v.object({
  ...listQuery(['name'], 'name').entries,
  status: v.optional(deliveryStatusSchema),
});
export type DeliveryRecipientsQuery = v.InferOutput<typeof deliveryRecipientsQuery>;
export const deliveryRecipientsPage = pageOf(deliveryRecipientSchema);

// ---------------------------------------------------------------------------------------------
// The patient-app API (/api/app)
// ---------------------------------------------------------------------------------------------

/** Not in the spec (the patient app is beyond it): the wording of the app API's answers. */
export const PATIENT_APP_MESSAGES = {
  loggedOut: 'You have been logged out.',
  messageNotFound: 'Message not found.',
  read: 'Message marked as read.',
  replied: 'Your reply has been sent.',
  subscribed: 'Push notifications are on for this device.',
  unsubscribed: 'Push notifications are off for this device.',
  subscriptionNotFound: 'This device has no push subscription.',
  pushOff: 'Push notifications are off on this server (no VAPID keys are set).',
  patientOnly: 'This is available to patients signed in to the app only.',
  staffOnly: 'This is available to program staff only.',
} as const;

/** Longest reply a patient may write from the app. */
export const PATIENT_REPLY_MAX_LENGTH = 2000;

/**
 * POST /api/app/login: the patient's e-mail and the password they set through the set-password link, and
 * the program when that address and password open accounts in more than one (the 409 answer lists them).
 */
export const appLoginBody = v.object({ ...loginBody.entries, program_id: optionalId });
export type AppLoginBody = v.InferOutput<typeof appLoginBody>;
export const appLoginResponse = envelope(v.object({ token: v.string() }));

/**
 * A message in the patient's inbox, newest first; `read_at` is null until the app marked it read. `image`
 * is its picture's URL (relative to the gateway) and `link` the page it points to; null when it has none
 * (staff messages have neither; dynamic notifications and trophies may).
 */
export const appMessageSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  kind: v.string(),
  image: nullableString,
  link: nullableString,
  delivered_at: v.string(),
  read: v.boolean(),
  read_at: nullableString,
});
export type AppMessage = v.InferOutput<typeof appMessageSchema>;

export const appMessagesQuery = v.object({ page: listQuery(['id'], 'id').entries.page, perPage: listQuery(['id'], 'id').entries.perPage });
export type AppMessagesQuery = v.InferOutput<typeof appMessagesQuery>;
export const appMessagesResponse = envelope(pageOf(appMessageSchema));

export const appReplyBody = v.object({ message: requiredString('message', { max: PATIENT_REPLY_MAX_LENGTH }) });
export type AppReplyBody = v.InferOutput<typeof appReplyBody>;
export const appReplyResponse = envelope(v.object({ id: v.number() }));

/** GET /api/app/push-key: the server's VAPID public key, or push off. */
export const appPushKeyResponse = envelope(v.object({ enabled: v.boolean(), public_key: nullableString }));

const pushKey = (field: string) =>
  v.optional(
    v.pipe(
      v.string(required(field)),
      v.trim(),
      v.nonEmpty(required(field)),
      v.maxLength(DEFAULT_MAX_LENGTH, maxLength(field)),
      v.regex(/^[A-Za-z0-9_-]+={0,2}$/, `The ${field} must be base64url text.`),
    ),
    '',
  );

/** POST /api/app/push-subscriptions: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBody = v.object({
  endpoint: url('endpoint', { max: 2000 }),
  keys: v.object({ p256dh: pushKey('p256dh'), auth: pushKey('auth') }, 'The keys are required.'),
});
export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionBody>;

/** DELETE /api/app/push-subscriptions: the endpoint to forget. */
export const pushSubscriptionDeleteBody = v.object({ endpoint: url('endpoint', { max: 2000 }) });
export type PushSubscriptionDeleteBody = v.InferOutput<typeof pushSubscriptionDeleteBody>;

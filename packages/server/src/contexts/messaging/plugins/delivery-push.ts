/**
 * Web Push (RFC 8030/8291/8292) through web-push, signed with the server's VAPID keys (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY, VAPID_SUBJECT). Without both keys push is off: `enabled` is false, the delivery
 * service fails push deliveries with that reason and the app API says so.
 */
import fp from 'fastify-plugin';
import webPush, { WebPushError } from 'web-push';

declare module 'fastify' {
  interface FastifyInstance {
    webPush: PushSender;
  }
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: accepted, gone (404/410: the subscription no longer exists), or refused. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; reason: string };

export interface PushSender {
  readonly enabled: boolean;
  /** The VAPID public key the browser subscribes with; null when push is off. */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** How long the push service keeps a message for an offline device. */
const TIME_TO_LIVE_SECONDS = 4 * 24 * 3600;
/** A push service that does not answer within this is treated as a failed try (retried later). */
const PUSH_TIMEOUT_MS = 10_000;

export function createPushSender(keys: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string }): PushSender {
  const { publicKey, privateKey, subject } = keys;
  if (!publicKey || !privateKey) {
    return {
      enabled: false,
      publicKey: null,
      send: async () => ({ ok: false, gone: false, reason: 'Push is off: no VAPID keys' }),
    };
  }
  const vapidDetails = { subject, publicKey, privateKey };
  return {
    enabled: true,
    publicKey,
    async send(target, payload) {
      try {
        await webPush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails,
          TTL: TIME_TO_LIVE_SECONDS,
          timeout: PUSH_TIMEOUT_MS,
        });
        return { ok: true };
      } catch (error) {
        if (error instanceof WebPushError) {
          const gone = error.statusCode === 404 || error.statusCode === 410;
          return { ok: false, gone, reason: `The push service answered ${error.statusCode}` };
        }
        return { ok: false, gone: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export default fp(
  async (fastify) => {
    const { vapidPublicKey, vapidPrivateKey, vapidSubject } = fastify.config;
    fastify.decorate('webPush', createPushSender({ publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject }));
  },
  { name: 'web-push' },
);

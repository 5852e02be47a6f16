/**
 * Patients' own app sessions (patient_sessions), apart from staff sessions: a patient token is unknown to
 * the staff routes' session lookup and a staff token to this one, so neither opens the other's routes.
 * `fastify.authenticatePatient` is what api-hooks runs for routes of `config.access: 'patient'`.
 */
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../../db/client';
import { patientSessions, patients, programs } from '../../../db/schema';
import { newToken, tokenDigest } from '../../../lib/secrets';
import { AUTH_MESSAGES } from '../../identity';

/** The signed-in patient of an app request. */
export interface PatientPrincipal {
  patientId: number;
  programId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    patientSessions: PatientSessionsRepository;
    authenticatePatient(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set for routes of `config.access: 'patient'` (null elsewhere). */
    patient: PatientPrincipal;
  }
}

const BEARER = /^bearer +([A-Za-z0-9_-]{43})$/i;
/** An app stays signed in while used at least once in this many days (a phone is not a shared desk). */
export const PATIENT_SESSION_IDLE_DAYS = 30;
const IDLE_MS = PATIENT_SESSION_IDLE_DAYS * 24 * 3600_000;
/** The session's last use and the patient's last app activity are written at most once a minute. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long this process trusts a session it read (token digest → patient): the app's counting calls
 * come by the thousand a second, and a read per call would be most of their cost. Logout ends the
 * session at once in this process (the entry goes) and within this long in the others; a patient or
 * program switched off, or a session revoked in another process, likewise.
 */
export const PATIENT_SESSION_CACHE_MS = 5_000;
/** Sessions kept at most; the oldest read goes first. */
const PATIENT_SESSION_CACHE_SIZE = 10_000;

export const PATIENT_SESSION_MESSAGES = {
  expired: `Your session expired after ${PATIENT_SESSION_IDLE_DAYS} days without use. Please log in again.`,
  inactive: 'Your account is inactive. Please contact your program.',
} as const;

type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createPatientSessionsRepository>['find']>>>;

/** Sessions read lately, by token digest (see PATIENT_SESSION_CACHE_MS); a Map keeps the order they were read in. */
export function createPatientSessionCache(now: () => number, lifeMs = PATIENT_SESSION_CACHE_MS, size = PATIENT_SESSION_CACHE_SIZE) {
  const entries = new Map<string, { session: SessionRow; readAt: number }>();
  return {
    get(digest: string): SessionRow | undefined {
      const entry = entries.get(digest);
      if (!entry) return undefined;
      if (now() - entry.readAt >= lifeMs) {
        entries.delete(digest);
        return undefined;
      }
      return entry.session;
    },
    set(digest: string, session: SessionRow) {
      entries.delete(digest);
      entries.set(digest, { session, readAt: now() });
      if (entries.size > size) entries.delete(entries.keys().next().value!);
    },
    /** A session ended here (logout): its token stops working at once in this process. */
    forgetSession(sessionId: number) {
      for (const [digest, entry] of entries) if (entry.session.id === sessionId) entries.delete(digest);
    },
  };
}

export function createPatientSessionsRepository(db: Db) {
  return {
    /** Opens a session; the token is returned once and only its digest is kept. */
    async create(tx: Tx, patientId: number, now: Date, meta: { ip: string; userAgent?: string | undefined }): Promise<string> {
      const token = newToken();
      await tx.insert(patientSessions).values({
        patient_id: patientId,
        token_hash: tokenDigest(token),
        created_at: now,
        last_used_at: now,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    /** The session of a token digest with its patient's state; undefined when unknown. */
    async find(digest: string) {
      const [row] = await db
        .select({
          id: patientSessions.id,
          patientId: patientSessions.patient_id,
          lastUsedAt: patientSessions.last_used_at,
          revokedAt: patientSessions.revoked_at,
          programId: patients.program_id,
          patientStatus: patients.status,
          programStatus: programs.status,
        })
        .from(patientSessions)
        .innerJoin(patients, eq(patients.id, patientSessions.patient_id))
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(eq(patientSessions.token_hash, digest))
        .limit(1);
      return row;
    },

    /** Records use of the session and the patient's app activity (the patient list's "never used" filter). */
    async touch(sessionId: number, patientId: number, now: Date) {
      await db.transaction(async (tx) => {
        await tx.update(patientSessions).set({ last_used_at: now }).where(eq(patientSessions.id, sessionId));
        await tx.update(patients).set({ last_app_activity_at: now }).where(eq(patients.id, patientId));
      });
    },

    /** Signing in counts as app activity. */
    async recordActivity(tx: Tx, patientId: number, now: Date) {
      await tx.update(patients).set({ last_app_activity_at: now }).where(eq(patients.id, patientId));
    },

    async revoke(sessionId: number, now: Date) {
      await db
        .update(patientSessions)
        .set({ revoked_at: now })
        .where(and(eq(patientSessions.id, sessionId), isNull(patientSessions.revoked_at)));
    },
  };
}

export type PatientSessionsRepository = ReturnType<typeof createPatientSessionsRepository>;

export default fp(
  async (fastify) => {
    const { httpErrors } = fastify;
    const database = createPatientSessionsRepository(fastify.db);
    const cache = createPatientSessionCache(() => Date.now());
    const repository: PatientSessionsRepository = {
      ...database,
      async revoke(sessionId, now) {
        cache.forgetSession(sessionId);
        await database.revoke(sessionId, now);
      },
    };
    fastify.decorate('patientSessions', repository);
    fastify.decorateRequest('patient', null as never);

    fastify.decorate('authenticatePatient', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw httpErrors.unauthorized(AUTH_MESSAGES.missingToken);
      const token = BEARER.exec(header)?.[1];
      if (!token) throw httpErrors.unauthorized(AUTH_MESSAGES.malformedToken);
      const digest = tokenDigest(token);
      let session = cache.get(digest);
      if (!session) {
        session = await repository.find(digest);
        if (!session) throw httpErrors.unauthorized(AUTH_MESSAGES.unknownToken);
        cache.set(digest, session);
      }
      if (session.revokedAt) throw httpErrors.unauthorized(AUTH_MESSAGES.revoked);
      const now = fastify.clock.now();
      if (now.getTime() - session.lastUsedAt.getTime() > IDLE_MS) throw httpErrors.unauthorized(PATIENT_SESSION_MESSAGES.expired);
      if (session.patientStatus !== 1 || session.programStatus !== 1) throw httpErrors.unauthorized(PATIENT_SESSION_MESSAGES.inactive);
      if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        await repository.touch(session.id, session.patientId, now);
        session.lastUsedAt = now;
      }
      request.patient = { patientId: session.patientId, programId: session.programId, sessionId: session.id };
    });
  },
  { name: 'patient-sessions', dependencies: ['database'] },
);

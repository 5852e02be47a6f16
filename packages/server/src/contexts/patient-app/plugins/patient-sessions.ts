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

export const PATIENT_SESSION_MESSAGES = {
  expired: `Your session expired after ${PATIENT_SESSION_IDLE_DAYS} days without use. Please log in again.`,
  inactive: 'Your account is inactive. Please contact your program.',
} as const;

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
    const repository = createPatientSessionsRepository(fastify.db);
    fastify.decorate('patientSessions', repository);
    fastify.decorateRequest('patient', null as never);

    fastify.decorate('authenticatePatient', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw httpErrors.unauthorized(AUTH_MESSAGES.missingToken);
      const token = BEARER.exec(header)?.[1];
      if (!token) throw httpErrors.unauthorized(AUTH_MESSAGES.malformedToken);
      const session = await repository.find(tokenDigest(token));
      if (!session) throw httpErrors.unauthorized(AUTH_MESSAGES.unknownToken);
      if (session.revokedAt) throw httpErrors.unauthorized(AUTH_MESSAGES.revoked);
      const now = fastify.clock.now();
      if (now.getTime() - session.lastUsedAt.getTime() > IDLE_MS) throw httpErrors.unauthorized(PATIENT_SESSION_MESSAGES.expired);
      if (session.patientStatus !== 1 || session.programStatus !== 1) throw httpErrors.unauthorized(PATIENT_SESSION_MESSAGES.inactive);
      if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_EVERY_MS) await repository.touch(session.id, session.patientId, now);
      request.patient = { patientId: session.patientId, programId: session.programId, sessionId: session.id };
    });
  },
  { name: 'patient-sessions', dependencies: ['database'] },
);

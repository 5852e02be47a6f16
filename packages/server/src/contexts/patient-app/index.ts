/**
 * The patient-app context's published interface: the signed-in patient of an app request, and the
 * repositories' types (fastify.patientSessions, fastify.patientInbox). Its routes serve /api/app.
 */
export type { PatientPrincipal, PatientSessionsRepository } from './plugins/patient-sessions';

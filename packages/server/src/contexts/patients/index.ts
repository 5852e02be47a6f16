/**
 * The patients context's published interface: the audited refusal of an unknown patient, the patient
 * list's filters and order (the pipeline board and the reports list patients the same way), the notes' patient check, the fields a save changed (audit),
 * the app invitation (the record's and the Never Used App report's),
 * and the repositories' types (reached through fastify.patients, fastify.patientNotes, …).
 */
export { patientNotFound } from './patient-not-found';
export { invitePatient, type InviteOutcome } from './invite';
export { changedFields, inOrderOf, isTrigramSearch, listConditions, listOrder, listSortKeys, searchedPageIds } from './plugins/patients-repository';
export { requireNotesPatient, deleteNote, type NoteKind } from './plugins/patient-notes-repository';
export type { PatientsRepository } from './plugins/patients-repository';
export type { PatientsBulkRepository } from './plugins/patients-bulk-repository';
export type { PatientNotesRepository } from './plugins/patient-notes-repository';
export type { PatientLogsRepository } from './plugins/patient-logs-repository';

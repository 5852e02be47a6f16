import type { Month } from './months';

/** The first part of every query key of one patient's logs: saving a weight refreshes what is under it. */
export const patientLogsKey = (patientId: number) => ['patient-logs', patientId] as const;

/** A month of a report; null asks the server for the current one (in the program's time zone). */
export type LogMonth = Month | null;

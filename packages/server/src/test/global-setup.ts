/**
 * jest globalSetup of the server project: the run's folder for the seeded database templates (see
 * databases.ts) and the run's id that names its PostgreSQL templates, set in the environment so every
 * worker process started after it shares them; then the usual template, built here before any test
 * file starts, outside the files' hook timeouts (on a busy machine seeding can take most of a minute).
 * Templates of other seed options are built by the first file that asks for them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_ID_VARIABLE, TEMPLATES_FOLDER_VARIABLE, TEST_PATIENTS_PER_PROGRAM, seededTemplate } from './databases';

export default async function globalSetup(): Promise<void> {
  process.env[TEMPLATES_FOLDER_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-test-templates-'));
  process.env[RUN_ID_VARIABLE] = randomUUID().replace(/-/g, '').slice(0, 12);
  await seededTemplate({ patientsPerProgram: TEST_PATIENTS_PER_PROGRAM });
}

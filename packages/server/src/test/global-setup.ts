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

const FOLDER_PREFIX = 'baridesk-test-templates-';
/** Longer than any run: a folder this old was left by a run that was stopped before its teardown. */
const ABANDONED_AFTER_MS = 12 * 3600_000;

export default async function globalSetup(): Promise<void> {
  removeAbandonedFolders();
  process.env[TEMPLATES_FOLDER_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX));
  process.env[RUN_ID_VARIABLE] = randomUUID().replace(/-/g, '').slice(0, 12);
  await seededTemplate({ patientsPerProgram: TEST_PATIENTS_PER_PROGRAM });
}

/** Each folder holds 45 MB or more per template: an interrupted run's must not pile up in /tmp. */
function removeAbandonedFolders(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = path.join(os.tmpdir(), name);
    // Another run may be removing its own folder at this moment.
    const modified = fs.statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modified > ABANDONED_AFTER_MS) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * jest globalSetup of the server project: the run's folder for the seeded database templates (see
 * databases.ts) and the run's id that names its PostgreSQL templates. Set in the environment, so every
 * worker process started after it shares them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_ID_VARIABLE, TEMPLATES_FOLDER_VARIABLE } from './databases';

export default function globalSetup(): void {
  process.env[TEMPLATES_FOLDER_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-test-templates-'));
  process.env[RUN_ID_VARIABLE] = randomUUID().replace(/-/g, '').slice(0, 12);
}

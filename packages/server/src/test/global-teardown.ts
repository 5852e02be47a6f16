/** jest globalTeardown of the server project: removes the run's template folder and template databases. */
import fs from 'node:fs';
import { RUN_ID_VARIABLE, TEMPLATE_DATABASE_PREFIX, TEMPLATES_FOLDER_VARIABLE, admin } from './databases';

export default async function globalTeardown(): Promise<void> {
  const folder = process.env[TEMPLATES_FOLDER_VARIABLE];
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  const runId = process.env[RUN_ID_VARIABLE];
  if (!serverUrl || !runId) return;
  await admin(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [
      `${TEMPLATE_DATABASE_PREFIX}${runId}_`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}

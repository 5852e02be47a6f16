/**
 * The workspace's import boundaries (eslint.config.js, eslint.boundaries.js; docs/server-layout.md) are
 * lint rules: each is shown here to fire on a file that breaks it, so a rule cannot silently stop
 * working (a renamed folder, a resolver that no longer resolves). That the tree as it stands breaks none
 * is `pnpm lint`'s to say (the first stage of `pnpm test`, with these rules on): linting the whole
 * workspace again here took 60–100 s of a CI run. Files are linted as text at paths inside the tree, the
 * way `pnpm lint` sees them.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../../..');
const BOUNDARY_RULES = ['import-x/no-cycle', 'import-x/no-restricted-paths'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId) });
});

/** The boundary errors of `code` as the file at `file` (a path from the workspace root), "rule: source". */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const lines = code.split('\n');
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${lines[message.line - 1]?.slice(message.column - 1).split(';')[0]}`);
}

describe('server contexts', () => {
  const file = 'packages/server/src/contexts/checklists/probe.ts';

  it("refuses a context importing another context's files", async () => {
    const errors = await boundaryErrors(file, "import { patientNotFound } from '../patients/patient-not-found';\nexport const probe = patientNotFound;\n");
    expect(errors).toEqual(["import-x/no-restricted-paths: '../patients/patient-not-found'"]);
  });

  it("refuses a context importing another's repository plugin, and a platform context's internals", async () => {
    const errors = await boundaryErrors(
      file,
      "import type { PipelinesRepository } from '../pipeline/plugins/pipelines-repository';\nimport { renderMail } from '../platform/mail/layout';\nexport const probe = [renderMail, null as unknown as PipelinesRepository];\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors.every((error) => error.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('lets a context import another through its published index.ts, and its own files', async () => {
    const errors = await boundaryErrors(
      file,
      "import { patientNotFound } from '../patients';\nimport { renderMail } from '../platform/mail';\nimport type { ChecklistsRepository } from './plugins/checklists-repository';\nexport const probe = [patientNotFound, renderMail, null as unknown as ChecklistsRepository];\n",
    );
    expect(errors).toEqual([]);
  });

  it("lets a test assemble an app from another context's plugins, not import its other files", async () => {
    const test = 'packages/server/src/contexts/checklists/__tests__/probe.test.ts';
    expect(await boundaryErrors(test, "import audit from '../../platform/audit/plugins/audit';\nexport const probe = audit;\n")).toEqual([]);
    expect(await boundaryErrors(test, "import { sendPatientPasswordLink } from '../../identity/password-links';\nexport const probe = sendPatientPasswordLink;\n")).toEqual([
      "import-x/no-restricted-paths: '../../identity/password-links'",
    ]);
  });

  it('refuses lib importing a context', async () => {
    const errors = await boundaryErrors('packages/server/src/lib/probe.ts', "import { patientNotFound } from '../contexts/patients';\nexport const probe = patientNotFound;\n");
    expect(errors).toEqual(["import-x/no-restricted-paths: '../contexts/patients'"]);
  });
});

describe('import cycles', () => {
  it('refuses a module importing (at run time) a module that imports it', async () => {
    // sessions-repository imports SessionCache from session-cache: importing it back closes a circle.
    const errors = await boundaryErrors(
      'packages/server/src/contexts/identity/session-cache.ts',
      "import { createSessionsRepository } from './plugins/sessions-repository';\nexport const probe = createSessionsRepository;\n",
    );
    expect(errors).toEqual(["import-x/no-cycle: import { createSessionsRepository } from './plugins/sessions-repository'"]);
  });

  it('covers the whole workspace, not only the server', async () => {
    // The ui package's index re-exports ./system: system importing the index back closes a circle.
    const errors = await boundaryErrors('packages/ui/src/system.ts', "import * as ui from './index';\nexport const probe = ui;\n");
    expect(errors).toEqual(["import-x/no-cycle: import * as ui from './index'"]);
  });
});

describe('front ends and shared packages', () => {
  it('refuses a remote importing another remote, the shell or the server', async () => {
    const errors = await boundaryErrors(
      'mf-patients/src/probe.ts',
      "import * as admin from '../../mf-admin/src/routes';\nimport * as shell from '../../shell/src/bootstrap';\nimport * as server from '../../packages/server/src/config';\nexport const probe = [admin, shell, server];\n",
    );
    expect(errors).toEqual([
      "import-x/no-restricted-paths: '../../mf-admin/src/routes'",
      "import-x/no-restricted-paths: '../../shell/src/bootstrap'",
      "import-x/no-restricted-paths: '../../packages/server/src/config'",
    ]);
  });

  it('lets a remote import the shared packages', async () => {
    expect(await boundaryErrors('mf-patients/src/probe.ts', "import * as ui from '@baridesk/ui';\nexport const probe = ui;\n")).toEqual([]);
  });

  it('refuses domain and contracts importing app code', async () => {
    // (By package name only once it is a dependency: an undeclared package does not resolve, and tsc refuses it.)
    expect(await boundaryErrors('packages/contracts/src/probe.ts', "import * as ui from '../../ui/src/index';\nexport const probe = ui;\n")).toEqual([
      "import-x/no-restricted-paths: '../../ui/src/index'",
    ]);
    expect(await boundaryErrors('packages/domain/src/probe.ts', "import * as server from '../../server/src/config';\nexport const probe = server;\n")).toEqual([
      "import-x/no-restricted-paths: '../../server/src/config'",
    ]);
  });
});

/**
 * One display format for dates and times (issue 15 item 6): eslint.config.js refuses the browser's own
 * date formatting outside packages/domain, whose helpers write the spec's "MMM DD, YYYY" and "hh:mma".
 * Each way of formatting a date by hand is shown here to fail lint in a screen, and to pass in domain.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../../../..');
const RULES = ['no-restricted-properties', 'no-restricted-syntax'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => RULES.includes(ruleId) });
});

async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const HAND_MADE = [
  "export const a = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });",
  'export const a = new Date().toLocaleTimeString();',
  "export const a = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(new Date());",
  "export const a = Intl.DateTimeFormat('en-US').format(new Date());",
  "export const a = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' });",
];

describe.each(['mf-patients/src/features/probe/probe.tsx', 'shell/src/probe.ts', 'packages/ui/src/probe.tsx', 'packages/server/src/lib/probe.ts'])(
  'in %s',
  (file) => {
    it.each(HAND_MADE)('refuses %s', async (code) => {
      const errors = await errorsOf(file, code);
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error).toContain('@baridesk/domain');
    });

    it("lets numbers keep their toLocaleString and the domain's helpers be used", async () => {
      const code = "import { formatDate } from '@baridesk/domain';\nexport const a = [(1234).toLocaleString('en-US'), formatDate('2026-04-05')];\n";
      expect(await errorsOf(file, code)).toEqual([]);
    });
  },
);

it('lets packages/domain, where the one format is written, use them', async () => {
  for (const code of HAND_MADE) expect(await errorsOf('packages/domain/src/probe.ts', code)).toEqual([]);
});

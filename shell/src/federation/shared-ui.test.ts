import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Remotes take @baridesk/ui from the shell only (packages/mf-config): an entry the shell's build does
 * not import is missing at run time in every remote that uses it. shared-ui.ts is where they are named.
 */
const source = readFileSync(join(__dirname, 'shared-ui.ts'), 'utf8');
const { exports: uiExports } = JSON.parse(readFileSync(join(__dirname, '../../../packages/ui/package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
const subEntries = Object.keys(uiExports)
  .filter((name) => name !== '.' && !name.startsWith('./test/'))
  .map((name) => `@baridesk/ui/${name.slice(2)}`);

/** The entries a function of shared-ui.ts imports. */
function importsOf(functionName: string): string[] {
  const start = source.indexOf(`export const ${functionName}`);
  const end = source.indexOf('export const', start + 1);
  const body = source.slice(start, end === -1 ? undefined : end);
  return [...body.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]!);
}

test('the shell names every entry of @baridesk/ui, so its build provides them to the remotes', () => {
  const named = [...importsOf('warmSharedUi'), ...importsOf('loadRichTextUi'), ...importsOf('loadChartsUi')];
  expect(subEntries.length).toBeGreaterThan(0);
  for (const entry of subEntries) expect([entry, named.includes(entry)]).toEqual([entry, true]);
});

test('the rich-text editor and the charts are provided but not fetched ahead with the light entries', () => {
  expect(importsOf('loadRichTextUi')).toEqual(['@baridesk/ui/rich-text']);
  expect(importsOf('loadChartsUi')).toEqual(['@baridesk/ui/charts']);
  expect(importsOf('warmSharedUi')).not.toContain('@baridesk/ui/rich-text');
  expect(importsOf('warmSharedUi')).not.toContain('@baridesk/ui/charts');
});

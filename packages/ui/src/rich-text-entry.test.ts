import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import packageJson from '../package.json';

/**
 * The packages a module reaches by static imports, following the package's own modules (relative
 * imports). A dynamic import() is a chunk of its own, loaded when it runs, so it is not followed.
 */
function packagesReachedFrom(entry: string): Set<string> {
  const reached = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports leave nothing in the bundle.
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const specifier = match[1] ?? match[2];
      if (!specifier) continue;
      if (!specifier.startsWith('.')) {
        reached.add(specifier);
        continue;
      }
      const base = join(file, '..', specifier);
      const next = ['.ts', '.tsx', '/index.ts'].map((ending) => base + ending).find((candidate) => existsSync(candidate));
      if (next) visit(next);
    }
  };
  visit(join(__dirname, '..', entry));
  return reached;
}

/** The package's entries (each a shared chunk of the federation), less the test helpers. */
const entries = Object.entries(packageJson.exports).filter(([name]) => !name.startsWith('./test/'));

test('only the rich-text entry reaches TipTap, so no other shared chunk carries the editor', () => {
  expect(entries.map(([name]) => name)).toEqual(expect.arrayContaining(['.', './uploads', './rich-text']));
  for (const [name, file] of entries) {
    const tiptap = [...packagesReachedFrom(file)].filter((reached) => reached.startsWith('@tiptap/'));
    expect([name, tiptap.length > 0]).toEqual([name, name === './rich-text']);
  }
});

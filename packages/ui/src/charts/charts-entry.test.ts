import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The package's modules (tests and the chart test double aside), as paths from src/. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const src = join(__dirname, '..');

test('apexcharts is reached from the charts entry only, so no other shared chunk carries it', () => {
  const importers = modules(src)
    .filter((file) => /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(?:react-)?apexcharts[/']|^import\s+'apexcharts[/']/m.test(readFileSync(file, 'utf8')))
    .map((file) => relative(src, file));
  expect(importers).toEqual(['charts/chart.tsx']);
  const others = modules(src).filter((file) => !relative(src, file).startsWith('charts'));
  for (const file of others) expect([relative(src, file), /from '\.\/charts/.test(readFileSync(file, 'utf8'))]).toEqual([relative(src, file), false]);
});

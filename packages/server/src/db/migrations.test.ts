import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './client';

const folder = path.resolve(__dirname, '../../drizzle');
const files = fs.readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();

describe('migrations', () => {
  it('are numbered without gaps and all listed in the journal', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
    expect(files.map((f) => f.slice(0, 4))).toEqual(files.map((_, i) => String(i).padStart(4, '0')));
    expect(journal.entries.map((e: { tag: string }) => `${e.tag}.sql`)).toEqual(files);
  });

  // Schema changes never lose data: a migration that must drop something is a decision for a person.
  it.each(files)('%s drops or truncates nothing', (file) => {
    // Comments may name these words; a trigger may fire AFTER TRUNCATE. Statements are what count.
    const text = fs.readFileSync(path.join(folder, file), 'utf8').replace(/--.*$/gm, '');
    expect(text).not.toMatch(/\b(drop\s+(table|column|schema)|delete\s+from)\b/i);
    expect(text).not.toMatch(/(^|;)\s*truncate\b/im);
    // An index holds no data, but a unique one is a rule: one may only be dropped to be made again
    // in the same migration (e.g. narrowed to live rows).
    const dropped = [...text.matchAll(/\bdrop\s+index\s+(?:if\s+exists\s+)?"?([\w.]+)"?/gi)].map((m) => m[1]);
    for (const name of dropped) expect(text).toMatch(new RegExp(`create\\s+(unique\\s+)?index\\s+"?${name}"?`, 'i'));
  });

  it('apply once; opening the database again changes nothing', async () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'baridesk-migrate-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: dir });
      await first.db.execute(sql`insert into permissions (name, slug) values ('Keep me', 'keep_me')`);
      await first.close();
      const again = await openDatabase({ kind: 'pglite', dataDir: dir });
      const rows = await queryRows<{ slug: string }>(again.db, sql`select slug from permissions`);
      const applied = await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await again.close();
      expect(rows).toEqual([{ slug: 'keep_me' }]);
      expect(applied[0]?.n).toBe(files.length);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

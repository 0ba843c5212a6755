import { mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoIndexInputs, ensureDemoIndex } from './demo';
import { IndexVersionError, LocalCitationIndex } from './local-index/lookup';

describe('demo index', () => {
  it('ships the four CourtListener files and builds a non-authoritative index once', async () => {
    expect(demoIndexInputs().map((p) => p.split('/').pop())).toEqual(['citations-demo.csv', 'courts-demo.csv', 'dockets-demo.csv', 'opinion-clusters-demo.csv']);
    const dir = mkdtempSync(join(tmpdir(), 'caselaw-demo-'));
    try {
      const report = await ensureDemoIndex(join(dir, 'caselaw.sqlite'));
      expect(report?.totals).toMatchObject({ duplicates: 0, corrupt: 0 });
      expect(await ensureDemoIndex(join(dir, 'caselaw.sqlite'))).toBeNull(); // never overwrites an index
      const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
      expect(index.info).toMatchObject({ authoritative: false, source: 'demo' });
      expect(index.name).toBe('demo case-law index');
      // Not authoritative: a page inside Anderson is simply not covered, not "contained in".
      expect((await index.lookup([{ id: 'x', volume: 477, reporter: 'U.S.', page: '255' }]))[0].status).toBe('not-covered');
      index.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an index of another layout with a clear message, and rebuilds an outdated demo one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caselaw-demo-'));
    const path = join(dir, 'caselaw.sqlite');
    try {
      await ensureDemoIndex(path);
      const db = new Database(path);
      db.prepare("UPDATE meta SET value = '1' WHERE key = 'schema_version'").run();
      db.close();
      expect(() => LocalCitationIndex.open(path)).toThrow(IndexVersionError);
      expect(() => LocalCitationIndex.open(path)).toThrow(/build it again with `citecheck caselaw download` \(or `citecheck caselaw import/);
      expect(await ensureDemoIndex(path)).not.toBeNull(); // the demo is ours to rebuild
      expect(LocalCitationIndex.open(path).info.source).toBe('demo');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

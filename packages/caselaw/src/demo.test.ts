import { mkdtempSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoIndexInputs, ensureDemoIndex } from './demo';
import { checkText } from './check-text';
import { IndexVersionError, LocalCitationIndex } from './local-index/lookup';

describe('demo index', () => {
  it('ships the five CourtListener files and builds a non-authoritative index once', async () => {
    expect(demoIndexInputs().map((p) => p.split('/').pop())).toEqual(['citations-demo.csv', 'courts-demo.csv', 'dockets-demo.csv', 'opinion-clusters-demo.csv', 'opinions-demo.csv']);
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

  it('carries the opinion text of two cases: a fresh install checks the words a brief quotes from them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caselaw-demo-'));
    try {
      await ensureDemoIndex(join(dir, 'caselaw.sqlite'));
      const index = LocalCitationIndex.open(join(dir, 'caselaw.sqlite'));
      try {
        expect(index.info.casesWithText).toBe(2);
        const brief =
          'The Court of Appeals held "that the rule against perpetuities does not apply to options to renew leases." Bleecker St. Tenants Corp. v. Bleeker Jones LLC, 16 N.Y.3d 272, 274 (2011). ' +
          'It later said "that the rule against perpetuities does apply to options to renew leases." Id. at 274. ' +
          'A memorandum affirmed because "the order of the Appellate Division should be reversed, with costs." Rivera v. Kleinman, 16 N.Y.3d 757, 758 (2011).';
        const { citations, quotes } = await checkText(brief, [index]);
        const byCite = citations.map((c, i) => [c.normalized, quotes[i].map((q) => [q.status, q.foundPage])]);
        expect(byCite).toEqual([
          ['16 N.Y.3d 272', [['verified', '274']]],
          ['Id. at 274', [['altered', '274']]],
          ['16 N.Y.3d 757', [['altered', '758']]],
        ]);
      } finally {
        index.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rebuilds a demo index built before it carried opinion texts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caselaw-demo-'));
    const path = join(dir, 'caselaw.sqlite');
    try {
      await ensureDemoIndex(path);
      const db = new Database(path);
      db.prepare("DELETE FROM meta WHERE key = 'opinion_text_cases'").run();
      db.close();
      expect(await ensureDemoIndex(path)).not.toBeNull();
      const index = LocalCitationIndex.open(path);
      expect(index.info.casesWithText).toBe(2);
      index.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

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
          'The court held "that § 66.0217(11)(c) bars the Town\'s suit and that the Town may not obtain review of the annexation by the common law writ of certiorari." Town of Merrimac v. Village of Merrimac, 2008 WI App 98, ¶ 1, 753 N.W.2d 552, 553. ' +
          'It added that "the Town may obtain review of the annexation by the common law writ of certiorari." Id.\n\n' +
          'The application was denied "because we are not persuaded that the questions presented should be reviewed by this Court." Fieger v. Cox, 480 Mich. 874, 737 N.W.2d 768, 770 (2007).';
        const { citations, quotes } = await checkText(brief, [index]);
        const byCite = citations.map((c, i) => [c.normalized, quotes[i].map((q) => [q.status, q.foundPage])]).filter(([, q]) => (q as unknown[]).length);
        expect(byCite).toEqual([
          ['2008 WI App 98', [['verified', '553']]],
          ['Id.', [['altered', '553']]],
          ['480 Mich. 874', [['wrong-page', '768-769']]],
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

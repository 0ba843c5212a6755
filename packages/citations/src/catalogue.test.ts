/**
 * The reporter catalogue is reporters-db's, generated: check the committed files are what
 * the generator makes today, that the overlay only names editions that exist, and that the
 * engine finds a plain citation to every edition under every one of its spellings.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import overlay from '../data/overlay.json';
import { EDITIONS, SPELLINGS, findReporter, guessEdition, impliedCourt, reporters } from './catalogue';
import { findCitations, type Citation } from './index';
import { EDITIONS as SAMPLE_EDITIONS, REPORTERS_DB, sampleOf, sharedIn, yearFor, type Edition as SampleEdition } from '../test/reporters-db-samples';

const packageDir = path.resolve(__dirname, '..');

describe('generated reference data', () => {
  it('is what `npm run data:reporters` makes from the pinned datasets (regenerate → no diff)', () => {
    const tsx = path.resolve(packageDir, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    // Exits 1, naming the stale file, when the committed data differs from a fresh generation.
    execFileSync(process.execPath, [tsx, 'scripts/generate-data.ts', '--check'], { cwd: packageDir, stdio: 'pipe' });
  });

  it('keeps reporters-db and courts-db as published at the commits data/sources.json pins', () => {
    // Each kept file must be the very blob of the pinned commit (git's blob id: SHA-1 of
    // `blob <size>\0` and the bytes), so an edit by hand, or a file from another commit, fails.
    const sources = JSON.parse(readFileSync(path.join(packageDir, 'data', 'sources.json'), 'utf8')) as Record<string, { commit: string; files: Record<string, string> }>;
    expect(Object.keys(sources).sort()).toEqual(['courts-db', 'reporters-db']);
    for (const [dir, { commit, files }] of Object.entries(sources)) {
      expect(commit).toMatch(/^[0-9a-f]{40}$/);
      for (const [name, blob] of Object.entries(files)) {
        const bytes = readFileSync(path.join(packageDir, 'data', dir, name));
        const id = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
        expect(`${dir}/${name} ${id}`).toBe(`${dir}/${name} ${blob}`);
      }
    }
  });

  it('holds every reporters-db edition and spelling', () => {
    expect(EDITIONS.length).toBeGreaterThan(1300);
    expect(SPELLINGS.size).toBeGreaterThan(3000);
    for (const state of ['Mass.', 'N.J.', 'Wis. 2d', 'Va.', 'Md.', 'Conn.', 'Neb.', 'W. Va.']) {
      expect(findReporter(state)?.kind).toMatch(/state|regional/);
    }
  });

  it('overlay entries name editions that exist', () => {
    const canonical = new Set(EDITIONS.map((e) => e.canonical));
    const unknown = Object.keys((overlay as { editions: Record<string, unknown> }).editions).filter((k) => !canonical.has(k));
    expect(unknown).toEqual([]);
  });
});

describe('findReporter', () => {
  it.each([
    ['F. 3d', 'F.3d'],
    ['F.Supp.2d', 'F. Supp. 2d'],
    ['S.Ct.', 'S. Ct.'],
    ['U. S.', 'U.S.'],
    ["F. App'x", "F. App'x"],
    ['Cal.Rptr.3d', 'Cal. Rptr. 3d'],
  ])('%s → %s', (written, canonical) => {
    expect(findReporter(written)?.canonical).toBe(canonical);
  });

  it('keeps the overlay facts the verifier uses', () => {
    const f3d = findReporter('F.3d');
    expect(f3d?.maxVolume).toBe(999);
    expect(f3d?.courts).toEqual(['group:federal-appellate']);
    expect(f3d?.editions.map((e) => e.canonical)).toEqual(['F.', 'F.2d', 'F.3d', 'F.4th']);
    expect(impliedCourt(findReporter('U.S.')!)).toBe('scotus');
    expect(reporters.length).toBeGreaterThan(1000);
  });

  it('settles a spelling shared by two series by the year cited', () => {
    const ark = [...(SPELLINGS.get('Ark.') ?? [])];
    expect(ark.length).toBe(2);
    expect(guessEdition(ark, 'Ark.', 2015)?.kind).toBe('neutral');
    expect(guessEdition(ark, 'Ark.', 1950)?.kind).toBe('state');
  });
});

/**
 * `See Smith v. Jones, <citation> (<year>).` for every edition of reporters-db and every
 * variant spelling it lists, the citation written in the edition's own first format
 * (test/reporters-db-samples.ts), read from reporters-db's JSON rather than from the
 * catalogue: found means a citation to that very edition, at that volume and page, or, where
 * reporters-db itself gives the same spelling to other editions of that year (`Phil.`:
 * Philips' Law and Philips' Equity, North Carolina, 1866-68), to one of those (no reader can
 * tell them apart; they are counted and listed apart).
 */
describe('every edition and variant spelling of reporters-db is found with its edition', () => {
  const measure = (pairs: [string, SampleEdition][]) => {
    const missed: string[] = [];
    const shared: string[] = [];
    for (const [spelling, edition] of pairs) {
      const year = yearFor(edition, spelling);
      const sample = sampleOf(edition, spelling, year);
      const text = `See Smith v. Jones, ${sample.text} (${year}).`;
      const found = findCitations(text, { resolve: false }).filter((c) => c.type === 'case');
      const at = (c: Citation) => (sample.page === null || c.page === sample.page) && (sample.volume === null || String(c.volume ?? '') === sample.volume || !!c.normalized?.startsWith(sample.volume));
      const others = sharedIn(edition, spelling, year);
      const line = `[${edition.edition}] ${text} → ${found.map((c) => `${c.normalized} [${c.reporter}]`).join('; ') || 'nothing'}`;
      if (found.some((c) => c.reporter === edition.edition && at(c))) continue;
      if (found.some((c) => at(c) && others.some((o) => o.edition === c.reporter))) shared.push(`${line}; reporters-db also: ${others.map((e) => `${e.edition} (${e.reporter.name}, ${e.start}-${e.end ?? ''})`).join(', ')}`);
      else missed.push(line);
    }
    return { total: pairs.length, missed, shared };
  };
  const report = (what: string, { total, missed, shared }: { total: number; missed: string[]; shared: string[] }) => {
    const rate = 1 - missed.length / total;
    console.log(
      `${what}: ${total - missed.length} of ${total} found (${(rate * 100).toFixed(1)}%): ${total - missed.length - shared.length} with their edition, ` +
        `${shared.length} with another edition reporters-db gives the same spelling in that year\n` +
        `missed (${missed.length}):\n${missed.map((m) => `  ${m}`).join('\n')}\n` +
        `found with an edition sharing the spelling (${shared.length}):\n${shared.map((m) => `  ${m}`).join('\n')}`,
    );
    return rate;
  };

  it('≥ 99% of editions under their own abbreviation', () => {
    const rate = report('editions', measure(SAMPLE_EDITIONS.map((e) => [e.edition, e])));
    expect(rate).toBeGreaterThanOrEqual(0.99);
  });

  it('≥ 98% of variant spellings', () => {
    const pairs: [string, SampleEdition][] = [];
    for (const e of SAMPLE_EDITIONS) for (const [variant, to] of Object.entries(e.reporter.variations ?? {})) if (to === e.edition) pairs.push([variant, e]);
    const rate = report('variant spellings', measure(pairs));
    expect(rate).toBeGreaterThanOrEqual(0.98);
  });

  it('finds reporters-db\'s own examples', () => {
    const missed: string[] = [];
    let total = 0;
    for (const records of Object.values(REPORTERS_DB)) {
      for (const reporter of records) {
        const editions = new Set(Object.keys(reporter.editions));
        for (const example of reporter.examples ?? []) {
          total++;
          const found = findCitations(`See Smith v. Jones, ${example}.`, { resolve: false }).filter((c) => c.type === 'case');
          if (!found.some((c) => c.reporter !== null && editions.has(c.reporter))) missed.push(`${example} [${[...editions].join(', ')}] → ${found.map((c) => `${c.normalized} [${c.reporter}]`).join('; ') || 'nothing'}`);
        }
      }
    }
    const rate = 1 - missed.length / total;
    console.log(`reporters-db examples: ${total - missed.length} of ${total} found with an edition of their reporter (${(rate * 100).toFixed(1)}%)\n${missed.map((m) => `  ${m}`).join('\n')}`);
    // What is left out: a reporter that is a plain word read without its volume (`Taney,
    // 400`, `Holmes, 272`: prose as often), a nominative reporter's own spelling inside a
    // state's (`1 Ill. (Breese) 456` is read as Breese, a spelling reporters-db gives it),
    // neutral citations written without spaces or with spaced dashes (`22CO7`, `2005 -NMCA- 078`),
    // volumes with a letter (`402A Mich 117`), CCH's unemployment reports' prose forms.
    expect(rate).toBeGreaterThanOrEqual(0.93);
  });
});

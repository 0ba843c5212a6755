/**
 * The reporter catalogue is reporters-db's, generated: check the committed files are what
 * the generator makes today, that the overlay only names editions that exist, and that the
 * engine finds a plain citation to every edition under every one of its spellings.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import overlay from '../data/overlay.json';
import { EDITIONS, SPELLINGS, findReporter, guessEdition, impliedCourt, reporters } from './catalogue';
import { findCitations } from './index';

const packageDir = path.resolve(__dirname, '..');

describe('generated reference data', () => {
  it('is what `npm run data:reporters` makes from the pinned datasets (regenerate → no diff)', () => {
    const tsx = path.resolve(packageDir, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    // Exits 1, naming the stale file, when the committed data differs from a fresh generation.
    execFileSync(process.execPath, [tsx, 'scripts/generate-data.ts', '--check'], { cwd: packageDir, stdio: 'pipe' });
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
 * `See Smith v. Jones, 123 <spelling> 456 (<year>).` for each edition and spelling. Editions
 * whose only formats number volumes by year (`2014 ND 95`) are cited with the year as volume.
 */
describe('every edition and spelling is found in a plain sentence', () => {
  /** The citation as the edition's first reporters-db format writes it (`2001-NMSC-456`, `T.C. Memo. 2001-456`). */
  function written(formats: string[] | null, spelling: string, year: number): string {
    const format = formats === null || formats.includes('$full_cite') ? '$full_cite' : formats[0];
    const samples: [RegExp, string][] = [
      [/^\$full_cite_format_neutral(?:_3_4)?$/, `${year}-${spelling}-456`],
      [/^\$full_cite_illinois_neutral$/, `${year} ${spelling} 456`],
      [/^\$full_cite_year_page$/, `${spelling} ${year}-456`],
      [/^\$full_cite_(?:single_volume|paragraph|cch)$/, `${spelling} 456`],
      [/^\$full_cite_year_included$/, `123 ${spelling} (${year}) 456`],
      [/^\$volume_year[ -]/, `${year} ${spelling} 456`],
      [/^\$reporter \$volume_year-/, `${spelling} ${year}-456`],
      [/^\$reporter,? (?:\$paragraph_marker_optional)?\$page/, `${spelling} 456`],
    ];
    if (/\(\?P<volume>\((?:19\|20|1\[89\]\\d\{2\}\|20)/.test(format)) return `${year} ${spelling} 456`;
    // Nominative reporters number their volumes with one or two digits.
    const volume = /nominative|\\d\{1,2\}/.test(format) ? '12' : '123';
    return samples.find(([re]) => re.test(format))?.[1] ?? `${volume} ${spelling} 456`;
  }
  function citeFor(spelling: string, edition: number): { text: string; ok: (found: { reporter: string | null; page: string | null }[]) => boolean } {
    const e = EDITIONS[edition];
    // A spelling several editions share may rightly be read as any of them in the same years.
    const meant = new Set((SPELLINGS.get(spelling) ?? [edition]).map((i) => EDITIONS[i].canonical));
    const year = e.end !== null ? Math.max(e.start, Math.min(e.end, e.start + 1)) : Math.max(e.start, 2000) + 1;
    const text = `See Smith v. Jones, ${written(e.formats, spelling, year)} (${year}).`;
    return { text, ok: (found) => found.some((c) => c.reporter !== null && meant.has(c.reporter) && c.page === '456') };
  }
  const measure = (pairs: [string, number][]) => {
    const missed: string[] = [];
    for (const [spelling, edition] of pairs) {
      const { text, ok } = citeFor(spelling, edition);
      const found = findCitations(text, { resolve: false }).filter((c) => c.type === 'case');
      if (!ok(found)) missed.push(`${text} → ${found.map((c) => c.normalized).join('; ') || 'nothing'}`);
    }
    return { total: pairs.length, missed };
  };

  it('≥ 97% of editions under their canonical spelling', () => {
    const { total, missed } = measure(EDITIONS.map((e, i) => [e.canonical, i]));
    const rate = 1 - missed.length / total;
    console.log(`editions: ${total - missed.length} of ${total} found (${(rate * 100).toFixed(1)}%)\n${missed.slice(0, 40).join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(0.97);
  });

  it('≥ 97% of variant spellings', () => {
    const pairs: [string, number][] = [];
    for (const [spelling, editions] of SPELLINGS) {
      // A variant shared by several editions is found when any of them is (the year picks one).
      if (editions.every((i) => EDITIONS[i].canonical !== spelling)) pairs.push([spelling, editions[editions.length - 1]]);
    }
    const { total, missed } = measure(pairs);
    const rate = 1 - missed.length / total;
    console.log(`variant spellings: ${total - missed.length} of ${total} found (${(rate * 100).toFixed(1)}%)\n${missed.slice(0, 40).join('\n')}`);
    expect(rate).toBeGreaterThanOrEqual(0.97);
  });
});

/**
 * A stand-in for CourtListener's bucket and the Caselaw Access Project's site, holding the
 * labelled real-world set (real-world-set.ts) the way the real data holds cases: with
 * CourtListener's holes. Files are written in the real dialect (pgCopyCsv: byte for byte what
 * PostgreSQL's COPY with CourtListener's options writes, or the backtick dialect of the files
 * before 2025-01-24), bzip2-compressed under `bulk-data/<table>-<date>.csv.bz2`.
 *
 * Around the labelled cases it puts what a real snapshot has around them, generated: for every
 * court the set cites, a steady stream of other decisions each year (names made of invented
 * syllables, so that none can be mistaken for a cited name), each reported in the volume its
 * reporter had reached that year (approximate anchors from the real reporters: U.S. 477 in
 * 1986, F.3d 925 in 2019, F. Supp. 3d 678 in 2023 ...). Recent Supreme Court decisions carry
 * only their S. Ct. citation, as CourtListener's do until the U.S. Reports catch up. The New
 * Jersey Supreme Court holds half its usual decisions in 2023, as the tracker reports (#7556).
 *
 * The holes: a labelled case `no-citation` keeps its cluster and loses its citation rows (or
 * only the one named by `drop`); `missing-in-cap` is not in CourtListener at all but is in CAP's
 * list of its volume; `missing` is in neither. CAP lists every volume of the reporters it
 * covers whose decisions all predate 2018, every case of it included.
 */
import { findCitations } from '@citecheck/citations';
import { capReporterSlug } from '../download/cap';
import { canonicalReporter } from '../engine';
import { bzip2, pgCopyCsv, type PgValue } from './fake-bulk-data';
import { capCase, capSite } from './bulk-snapshot';
import { REAL_WORLD_SET, realRecords, type CaseRecord, type Cite } from './real-world-set';
import { searchWords } from '../names/search-keys';

export const REAL_WORLD_DATE = '2026-10-31';
const STAMP = `${REAL_WORLD_DATE} 02:15:00.000000+00`;

/** Courts: id → [citation string, full name, CourtListener jurisdiction]. */
const COURTS: Record<string, [string, string, string]> = {
  scotus: ['SCOTUS', 'Supreme Court of the United States', 'F'],
  ca1: ['1st Cir.', 'Court of Appeals for the First Circuit', 'F'],
  ca2: ['2d Cir.', 'Court of Appeals for the Second Circuit', 'F'],
  ca3: ['3d Cir.', 'Court of Appeals for the Third Circuit', 'F'],
  ca4: ['4th Cir.', 'Court of Appeals for the Fourth Circuit', 'F'],
  ca5: ['5th Cir.', 'Court of Appeals for the Fifth Circuit', 'F'],
  ca6: ['6th Cir.', 'Court of Appeals for the Sixth Circuit', 'F'],
  ca7: ['7th Cir.', 'Court of Appeals for the Seventh Circuit', 'F'],
  ca8: ['8th Cir.', 'Court of Appeals for the Eighth Circuit', 'F'],
  ca9: ['9th Cir.', 'Court of Appeals for the Ninth Circuit', 'F'],
  ca10: ['10th Cir.', 'Court of Appeals for the Tenth Circuit', 'F'],
  ca11: ['11th Cir.', 'Court of Appeals for the Eleventh Circuit', 'F'],
  nysd: ['S.D.N.Y.', 'District Court, S.D. New York', 'FD'],
  ilnd: ['N.D. Ill.', 'District Court, N.D. Illinois', 'FD'],
  paed: ['E.D. Pa.', 'District Court, E.D. Pennsylvania', 'FD'],
  dcd: ['D.D.C.', 'District Court, District of Columbia', 'FD'],
  ny: ['N.Y.', 'New York Court of Appeals', 'S'],
  nyappdiv: ['N.Y. App. Div.', 'Appellate Division of the Supreme Court of the State of New York', 'SA'],
  nysupct: ['N.Y. Sup. Ct.', 'New York Supreme Court', 'ST'],
  mass: ['Mass.', 'Massachusetts Supreme Judicial Court', 'S'],
  cal: ['Cal.', 'California Supreme Court', 'S'],
  nh: ['N.H.', 'Supreme Court of New Hampshire', 'S'],
  pa: ['Pa.', 'Supreme Court of Pennsylvania', 'S'],
  pasuperct: ['Pa. Super. Ct.', 'Superior Court of Pennsylvania', 'SA'],
  dc: ['D.C.', 'District of Columbia Court of Appeals', 'S'],
  coloctapp: ['Colo. Ct. App.', 'Colorado Court of Appeals', 'SA'],
  nj: ['N.J.', 'Supreme Court of New Jersey', 'S'],
  njsuperctappdiv: ['N.J. Super. Ct. App. Div.', 'New Jersey Superior Court Appellate Division', 'SA'],
  ohio: ['Ohio', 'Ohio Supreme Court', 'S'],
  ohioctapp: ['Ohio Ct. App.', 'Ohio Court of Appeals', 'SA'],
  ark: ['Ark.', 'Arkansas Supreme Court', 'S'],
  arkctapp: ['Ark. Ct. App.', 'Arkansas Court of Appeals', 'SA'],
  moctapp: ['Mo. Ct. App.', 'Missouri Court of Appeals', 'SA'],
  illappct: ['Ill. App. Ct.', 'Appellate Court of Illinois', 'SA'],
  calctapp: ['Cal. Ct. App.', 'California Court of Appeal', 'SA'],
  del: ['Del.', 'Supreme Court of Delaware', 'S'],
};

type Anchors = [year: number, volume: number][];

/** Where each reporter stood, year by year (interpolated between anchors). */
const VOLUMES: Record<string, Anchors> = {
  'U.S.': [[1790, 1], [1803, 5], [1900, 176], [1928, 276], [1945, 326], [1952, 343], [1954, 347], [1961, 367], [1966, 384], [1975, 420], [1986, 477], [1993, 509], [1998, 523], [2007, 550], [2010, 558], [2014, 573], [2020, 590]],
  'S. Ct.': [[1945, 66], [1966, 86], [1986, 106], [2007, 127], [2014, 134], [2020, 140], [2026, 146]],
  'F.2d': [[1924, 1], [1929, 35], [1947, 159], [1955, 220], [1975, 528], [1977, 550], [1993, 999]],
  'F.3d': [[1993, 1], [1994, 39], [1996, 94], [1998, 132], [1999, 174], [2000, 214], [2002, 290], [2004, 360], [2019, 925], [2021, 999]],
  'F.4th': [[2021, 1], [2022, 30], [2023, 58], [2024, 91], [2026, 150]],
  'F. Supp.': [[1932, 1], [1960, 190], [1980, 500], [1991, 755], [1998, 999]],
  "F. App'x": [[2001, 1], [2006, 170], [2011, 430], [2012, 480], [2021, 860]],
  'S.W.3d': [[1999, 1], [2010, 310], [2024, 700]],
  'Ill. App. 3d': [[1972, 1], [1990, 195], [1991, 212], [2011, 410]],
  'Cal. App. 4th': [[1991, 1], [1995, 30], [2016, 247]],
  'F. Supp. 2d': [[1998, 1], [2002, 191], [2012, 900], [2014, 999]],
  'F. Supp. 3d': [[2014, 1], [2016, 200], [2018, 330], [2020, 480], [2022, 600], [2023, 680], [2024, 730], [2025, 760], [2026, 790]],
  'N.Y.': [[1847, 1], [1916, 217], [1928, 248], [1956, 309]],
  'A.D.3d': [[2003, 1], [2014, 114], [2026, 250]],
  'Mass.': [[1804, 1], [1900, 175], [2013, 466], [2026, 497]],
  'Cal. 3d': [[1969, 1], [1976, 17], [1984, 34], [1991, 54]],
  'N.H.': [[1816, 1], [1929, 84], [2023, 176]],
  'A.3d': [[2010, 1], [2011, 23], [2014, 100], [2026, 340]],
  'P.2d': [[1931, 1], [1976, 551], [2000, 999]],
  'N.J.': [[1948, 1], [2023, 253], [2026, 262]],
};

/** What a court's decisions are reported in, by era: [from, to, reporter, CourtListener type]; a neutral series numbers by year. */
const PLAN: Record<string, { years: [number, number]; perYear: number; reporters: [number, number, string, number][] }> = {
  scotus: { years: [1945, 2026], perYear: 10, reporters: [[1945, 2020, 'U.S.', 1], [1945, 2026, 'S. Ct.', 1]] },
  ca1: { years: [1985, 2005], perYear: 6, reporters: [[1985, 1993, 'F.2d', 1], [1993, 2005, 'F.3d', 1]] },
  ca2: { years: [1940, 2026], perYear: 10, reporters: [[1940, 1993, 'F.2d', 1], [1993, 2021, 'F.3d', 1], [2021, 2026, 'F.4th', 1]] },
  ca3: { years: [1970, 1985], perYear: 6, reporters: [[1970, 1985, 'F.2d', 1]] },
  ca6: { years: [1990, 2002], perYear: 6, reporters: [[1993, 2002, 'F.3d', 1]] },
  ca4: { years: [2018, 2026], perYear: 8, reporters: [[2018, 2021, 'F.3d', 1], [2021, 2026, 'F.4th', 1]] },
  ca5: { years: [1950, 2016], perYear: 6, reporters: [[1950, 1993, 'F.2d', 1], [1993, 2016, 'F.3d', 1], [2001, 2016, "F. App'x", 1]] },
  ca7: { years: [2014, 2024], perYear: 8, reporters: [[2014, 2021, 'F.3d', 1], [2021, 2024, 'F.4th', 1]] },
  ca8: { years: [2008, 2020], perYear: 8, reporters: [[2008, 2020, 'F.3d', 1]] },
  ca9: { years: [1996, 2026], perYear: 10, reporters: [[1996, 2021, 'F.3d', 1], [2001, 2021, "F. App'x", 1], [2021, 2026, 'F.4th', 1]] },
  ca10: { years: [2014, 2024], perYear: 8, reporters: [[2014, 2021, 'F.3d', 1], [2021, 2024, 'F.4th', 1]] },
  ca11: { years: [2002, 2026], perYear: 8, reporters: [[2002, 2021, 'F.3d', 1], [2002, 2021, "F. App'x", 1], [2021, 2026, 'F.4th', 1]] },
  nysd: { years: [2014, 2026], perYear: 12, reporters: [[2014, 2026, 'F. Supp. 3d', 1]] },
  paed: { years: [2010, 2020], perYear: 10, reporters: [[2014, 2020, 'F. Supp. 3d', 1]] },
  ilnd: { years: [1998, 2006], perYear: 6, reporters: [[1998, 2006, 'F. Supp. 2d', 1]] },
  dcd: { years: [1985, 2014], perYear: 8, reporters: [[1985, 1998, 'F. Supp.', 1], [1998, 2014, 'F. Supp. 2d', 1]] },
  ny: { years: [1910, 1935], perYear: 6, reporters: [[1910, 1935, 'N.Y.', 2]] },
  nyappdiv: { years: [2008, 2026], perYear: 8, reporters: [[2008, 2026, 'A.D.3d', 2]] },
  nysupct: { years: [2018, 2026], perYear: 8, reporters: [[2018, 2026, 'NY Slip Op', 2]] },
  mass: { years: [2008, 2018], perYear: 6, reporters: [[2008, 2018, 'Mass.', 2]] },
  nh: { years: [1920, 1940], perYear: 6, reporters: [[1920, 1940, 'N.H.', 2]] },
  pa: { years: [2008, 2014], perYear: 6, reporters: [[2010, 2014, 'A.3d', 3]] },
  pasuperct: { years: [2012, 2026], perYear: 8, reporters: [[2012, 2026, 'Pa. Super.', 8]] },
  dc: { years: [2011, 2017], perYear: 6, reporters: [[2011, 2017, 'A.3d', 3]] },
  coloctapp: { years: [1996, 2000], perYear: 6, reporters: [[1996, 2000, 'P.2d', 3]] },
  nj: { years: [2018, 2026], perYear: 12, reporters: [[2018, 2026, 'N.J.', 2]] },
  njsuperctappdiv: { years: [2018, 2026], perYear: 10, reporters: [] },
  ohio: { years: [1988, 2026], perYear: 8, reporters: [[2002, 2026, 'Ohio', 8]] },
  ohioctapp: { years: [2015, 2026], perYear: 10, reporters: [[2015, 2026, 'Ohio', 8]] },
  ark: { years: [2015, 2026], perYear: 6, reporters: [[2015, 2026, 'Ark.', 8]] },
  arkctapp: { years: [2015, 2026], perYear: 8, reporters: [[2015, 2026, 'Ark. App.', 8]] },
  moctapp: { years: [2005, 2015], perYear: 8, reporters: [[2005, 2015, 'S.W.3d', 3]] },
  illappct: { years: [1986, 1995], perYear: 8, reporters: [[1986, 1995, 'Ill. App. 3d', 2]] },
  cal: { years: [1970, 1990], perYear: 6, reporters: [[1970, 1990, 'Cal. 3d', 2]] },
  calctapp: { years: [1991, 2000], perYear: 8, reporters: [[1991, 2000, 'Cal. App. 4th', 2]] },
  del: { years: [2009, 2017], perYear: 6, reporters: [[2009, 2017, 'A.3d', 3]] },
};

/** CAP's reporters here, and the year its collection ends. */
const CAP_REPORTERS = new Set(['U.S.', 'F.2d', 'F.3d', 'F. Supp.', 'F. Supp. 2d', "F. App'x", 'N.Y.', 'A.D.3d', 'Mass.', 'Cal. 3d', 'Cal. App. 4th', 'N.H.', 'A.3d', 'P.2d', 'N.E.', 'A.', 'S.W.3d', 'Ill. App. 3d']);
const CAP_LAST_YEAR = 2017;

function volumeIn(reporter: string, year: number, k: number): number {
  const a = VOLUMES[reporter];
  if (!a) return year; // a neutral series numbers by year
  let lo = a[0];
  let hi = a[a.length - 1];
  for (let i = 0; i + 1 < a.length; i++) if (a[i][0] <= year && year <= a[i + 1][0]) [lo, hi] = [a[i], a[i + 1]];
  const at = (y: number): number => (hi[0] === lo[0] ? lo[1] : lo[1] + ((hi[1] - lo[1]) * (y - lo[0])) / (hi[0] - lo[0]));
  const from = Math.floor(at(Math.max(lo[0], Math.min(hi[0], year))));
  const span = Math.max(1, Math.floor(at(Math.min(hi[0], year + 1))) - from);
  return from + (k % span);
}

/** The year a volume of a printed reporter holds decisions of (from the anchors), or null past its reach. */
function yearOfVolume(reporter: string, volume: number): number | null {
  const a = VOLUMES[reporter];
  if (!a) return null;
  for (let year = a[0][0]; year <= a[a.length - 1][0]; year++) {
    const from = volumeIn(reporter, year, 0);
    const next = year < a[a.length - 1][0] ? volumeIn(reporter, year + 1, 0) : a[a.length - 1][1] + 1;
    if (from <= volume && volume < Math.max(next, from + 1)) return year;
  }
  return null;
}

/** The 25 most frequent surnames of the 2010 U.S. Census, most frequent first. */
const SURNAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris'];

/** Cases sharing a surname with a fabricated name cited after CAP's years (Perkins, Figueroa-Florez), in other circuits. */
const NAME_NEIGHBOURS: [name: string, court: string, date: string][] = [
  ['Perkins v. Quotamlak Freight Lines, Inc.', 'ca2', '2018-05-14'],
  ['United States v. Figueroa', 'ca11', '2021-03-02'],
  ['United States v. Florez', 'ca4', '2022-09-20'],
];

const SYLLABLES = ['bra', 'quo', 'vel', 'mar', 'tis', 'dor', 'pen', 'lak', 'sur', 'gri', 'fol', 'nex', 'hab', 'ruv', 'zel', 'tam', 'kov', 'pri', 'dus', 'wen'];
function inventedName(n: number): string {
  const word = (m: number): string => {
    const a = SYLLABLES[m % 20];
    const b = SYLLABLES[Math.floor(m / 20) % 20];
    const c = SYLLABLES[Math.floor(m / 400) % 20];
    return (a + b + c).replace(/^./, (x) => x.toUpperCase());
  };
  return `${word(n * 7 + 3)} v. ${word(n * 13 + 11)}`;
}

interface Cluster {
  id: number;
  name: string;
  short: string;
  court: string;
  date: string;
  approximate: boolean;
  /** CourtListener's citation rows of it. */
  citations: Cite[];
  /** The citations CAP lists it under (every one of the printed reporter, whatever CourtListener lost). */
  capCitations: Cite[];
  inCl: boolean;
  inCap: boolean;
}

export interface RealWorldBucket {
  /** The bucket's objects (`bulk-data/...csv.bz2`), for FakeBulkData. */
  objects: Record<string, Buffer>;
  /** CAP's static site, for FakeBulkData. */
  cap: Record<string, string>;
  stats: { realCases: number; withoutCitation: number; missingInCap: number; missing: number; clusters: number; citations: number; capVolumes: number };
}

/** The bucket and the CAP site, in the dialect asked for. */
export function realWorldBucket(dialect: 'quote' | 'backtick' = 'quote'): RealWorldBucket {
  const clusters: Cluster[] = [];
  let id = 1;
  const reserved = new Map<string, number[]>();
  const keyOf = (volume: number | string, reporter: string): string => `${volume} ${canonicalReporter(reporter)}`;
  const reserve = (volume: number | string, reporter: string, page: string): void => {
    const key = keyOf(volume, reporter);
    reserved.set(key, [...(reserved.get(key) ?? []), Number.parseInt(page, 10)]);
  };
  // Every page a labelled citation points at, real or fabricated, is kept clear of generated cases.
  for (const e of REAL_WORLD_SET) {
    for (const c of findCitations(e.text)) if (c.volume !== null && c.reporter && c.page) reserve(c.volume, c.reporter, c.page);
  }
  for (const r of realRecords()) for (const c of r.citations) reserve(c[0], c[1], c[2]);
  const names = new Set(REAL_WORLD_SET.flatMap((e) => searchWords(e.text.split(',')[0])));

  for (const r of realRecords()) {
    clusters.push(fromRecord(id++, r));
    if (r.sibling) clusters.push({ id: id++, name: r.sibling.name, short: '', court: r.sibling.court, date: r.sibling.date, approximate: false, citations: [], capCitations: [], inCl: true, inCap: false });
  }

  // Background: a steady stream of decisions for every court of the set.
  let n = 0;
  const nextPage = new Map<string, number>();
  for (const [court, plan] of Object.entries(PLAN)) {
    for (let year = plan.years[0]; year <= plan.years[1]; year++) {
      // The New Jersey Supreme Court's gap (Oct. 2022 - June 2023, courtlistener #7556).
      const count = court === 'nj' && year === 2023 ? Math.floor(plan.perYear / 2) : plan.perYear;
      for (let k = 0; k < count; k++) {
        let name = inventedName(n++);
        while (searchWords(name).some((w) => names.has(w))) name = inventedName(n++);
        // A third of the parties bear the most frequent surnames, as real captions do: a search
        // by name meets other cases that share a party's name, not a collection of unique words.
        if (k % 3 === 0) name = `${SURNAMES[(n * 7 + year) % SURNAMES.length]}${name.slice(name.indexOf(' v. '))}`;
        const citations: Cite[] = [];
        for (const [from, to, reporter, type] of plan.reporters) {
          if (year < from || year > to) continue;
          const volume = volumeIn(reporter, year, k);
          const key = keyOf(volume, reporter);
          let page = nextPage.get(key) ?? 1 + (k % 7) * 3;
          while ((reserved.get(key) ?? []).some((p) => Math.abs(p - page) < 40)) page += 41;
          nextPage.set(key, page + 29 + (k % 5));
          citations.push([volume, reporter, String(page), type, page + 25]);
        }
        clusters.push({ id: id++, name, short: '', court, date: `${year}-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + (k % 27)).padStart(2, '0')}`, approximate: false, citations, capCitations: citations, inCl: true, inCap: true });
      }
    }
  }

  // Other cases whose party bears a surname of a fabricated name cited after CAP's years, decided
  // by another court of the family within the years searched: a snapshot of every circuit's
  // decisions holds such cases for any common surname. None of them is the cited case.
  for (const [caseName, court, date] of NAME_NEIGHBOURS) {
    clusters.push({ id: id++, name: caseName, short: '', court, date, approximate: false, citations: [], capCitations: [], inCl: true, inCap: false });
  }

  // Printed volumes are continuous: every page of a volume a labelled citation points into belongs
  // to some case (a fabricated page usually falls inside a real one), and a volume holds on the
  // order of a hundred cases. The stream above leaves such a volume nearly empty (one court's few
  // decisions among many volumes), which would make CAP's list of it "1 case" and the volume look
  // unheld; so each such volume is filled page by page, around the labelled real cases' own pages.
  const realRanges = new Map<string, [number, number][]>();
  for (const r of realRecords()) {
    for (const [volume, reporter, page, , to] of r.citations) {
      const first = Number.parseInt(page, 10);
      const key = keyOf(volume, reporter);
      realRanges.set(key, [...(realRanges.get(key) ?? []), [first, to ?? first + 5]]);
    }
  }
  // A page a court found no case at is not the first page of one in the stand-in either (the
  // orders say nothing of what case it falls inside, so it falls inside an invented one).
  const fabricatedPages = new Set<string>();
  const touched = new Map<string, { volume: number; reporter: string; pages: number[] }>();
  const touch = (volume: number | string, reporter: string, page: string): void => {
    const canonical = Object.keys(VOLUMES).find((r) => canonicalReporter(r) === canonicalReporter(reporter));
    if (!canonical || typeof volume !== 'number') return;
    const key = keyOf(volume, canonical);
    const t = touched.get(key) ?? { volume, reporter: canonical, pages: [] };
    t.pages.push(Number.parseInt(page, 10));
    touched.set(key, t);
  };
  for (const e of REAL_WORLD_SET) {
    const c = findCitations(e.text)[0];
    if (c && c.volume !== null && c.reporter && c.page) {
      touch(Number(c.volume), c.reporter, c.page);
      if (e.label === 'fabricated') fabricatedPages.add(`${keyOf(Number(c.volume), c.reporter)} ${Number.parseInt(c.page, 10)}`);
    }
  }
  for (const r of realRecords()) for (const [volume, reporter, page] of r.citations) touch(volume, reporter, page);
  for (const [key, t] of touched) {
    const year = yearOfVolume(t.reporter, t.volume);
    if (year === null) continue; // past the reporter's reach: no such volume exists to fill
    const court = Object.entries(PLAN).find(([, p]) => p.reporters.some(([from, to, r]) => r === t.reporter && from <= year && year <= to));
    if (!court) continue;
    const type = court[1].reporters.find(([, , r]) => r === t.reporter)![3];
    const taken: [number, number][] = [...(realRanges.get(key) ?? [])];
    for (const c of clusters) for (const [v, r, page, , to] of c.capCitations) if (keyOf(v, r) === key) taken.push([Number(page), to ?? Number(page) + 5]);
    taken.sort((a, b) => a[0] - b[0]);
    const end = Math.max(1200, ...t.pages.map((p) => p + 80));
    let page = 1;
    while (page <= end) {
      const inside = taken.find(([a, b]) => a <= page && page <= b);
      if (inside) {
        page = inside[1] + 1;
        continue;
      }
      const next = taken.find(([a]) => a > page)?.[0] ?? end + 1;
      let last = Math.min(page + 3 + ((page * 7 + t.volume) % 28), next - 1);
      while (fabricatedPages.has(`${key} ${last + 1}`) && last + 2 < next) last += 2;
      let name = inventedName(n++);
      while (searchWords(name).some((w) => names.has(w))) name = inventedName(n++);
      const cite: Cite = [t.volume, t.reporter, String(page), type, last];
      const date = `${year}-${String(1 + (page % 12)).padStart(2, '0')}-${String(1 + (page % 27)).padStart(2, '0')}`;
      clusters.push({ id: id++, name, short: '', court: court[0], date, approximate: false, citations: [cite], capCitations: [cite], inCl: true, inCap: true });
      page = last + 1;
    }
  }

  // CourtListener's tables, holes and all.
  const inCl = clusters.filter((c) => c.inCl);
  const rows = (header: string[], data: PgValue[][]): string => pgCopyCsv(header, data, dialect);
  const courts = rows(
    ['id', 'pacer_court_id', 'pacer_has_rss_feed', 'date_modified', 'in_use', 'has_opinion_scraper', 'position', 'citation_string', 'short_name', 'full_name', 'url', 'start_date', 'end_date', 'jurisdiction'],
    Object.entries(COURTS).map(([cid, [cite, full, j]], i) => [cid, null, null, STAMP, true, true, i + 1, cite, cite, full, '', null, null, j]),
  );
  const dockets = rows(
    ['id', 'date_created', 'date_modified', 'source', 'case_name_short', 'case_name', 'case_name_full', 'slug', 'docket_number', 'court_id'],
    inCl.map((c) => [100_000 + c.id, STAMP, STAMP, 0, c.short, c.name, '', slug(c.name), `No. ${c.id}`, c.court]),
  );
  const opinionClusters = rows(
    ['id', 'date_created', 'date_modified', 'judges', 'date_filed', 'date_filed_is_approximate', 'slug', 'case_name_short', 'case_name', 'case_name_full', 'syllabus', 'citation_count', 'precedential_status', 'docket_id'],
    inCl.map((c) => [c.id, STAMP, STAMP, '', c.date, c.approximate, slug(c.name), c.short, c.name, '', c.id % 9 === 0 ? 'A syllabus, with "quotes", a comma,\nand a second line.' : '', 0, 'Published', 100_000 + c.id]),
  );
  let citationId = 1;
  const citationRows: PgValue[][] = [];
  for (const c of inCl) for (const [volume, reporter, page, type] of c.citations) citationRows.push([citationId++, volume, reporter, page, type, c.id, STAMP, STAMP]);
  const citations = rows(['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], citationRows);

  const objects: Record<string, Buffer> = {};
  const files: Record<string, string> = { courts, dockets, 'opinion-clusters': opinionClusters, citations };
  for (const [kind, text] of Object.entries(files)) objects[`bulk-data/${kind}-${REAL_WORLD_DATE}.csv.bz2`] = bzip2(text);

  // CAP: every volume of its reporters whose decisions all predate its end, every case listed.
  const byVolume = new Map<string, { reporter: string; volume: number | string; cases: { c: Cluster; cite: Cite }[] }>();
  for (const c of clusters) {
    if (!c.inCap) continue;
    for (const cite of c.capCitations) {
      const [volume, reporter] = cite;
      if (!CAP_REPORTERS.has(reporter)) continue;
      const key = `${reporter}\u0000${volume}`;
      const entry = byVolume.get(key) ?? { reporter, volume, cases: [] };
      entry.cases.push({ c, cite });
      byVolume.set(key, entry);
    }
  }
  const site: Record<string, { shortName: string; volumes: Record<string, Record<string, unknown>[]> }> = {};
  let capVolumes = 0;
  for (const v of byVolume.values()) {
    if (v.cases.some(({ c }) => Number(c.date.slice(0, 4)) > CAP_LAST_YEAR)) continue;
    const slugName = capReporterSlug(v.reporter);
    site[slugName] ??= { shortName: v.reporter, volumes: {} };
    site[slugName].volumes[String(v.volume)] = v.cases
      .sort((a, b) => Number(a.cite[2]) - Number(b.cite[2]))
      .map(({ c, cite }) => capCase(c.id, c.name, `${cite[0]} ${cite[1]} ${cite[2]}`, cite[2], String(cite[4] ?? Number(cite[2]) + 5), c.date, COURTS[c.court]?.[0] ?? c.court));
    capVolumes++;
  }

  const records = realRecords();
  return {
    objects,
    cap: capSite(site),
    stats: {
      realCases: records.length,
      withoutCitation: records.filter((r) => r.holds === 'no-citation').length,
      missingInCap: records.filter((r) => r.holds === 'missing-in-cap').length,
      missing: records.filter((r) => r.holds === 'missing').length,
      clusters: inCl.length,
      citations: citationRows.length,
      capVolumes,
    },
  };
}

function fromRecord(id: number, r: CaseRecord): Cluster {
  // `no-citation`: the cluster without its rows, or without the one reporter `drop` names.
  const kept = r.holds === 'all' ? r.citations : r.holds === 'no-citation' && r.drop !== undefined ? r.citations.filter((c) => c[1] !== r.drop) : [];
  return {
    id,
    name: r.name,
    short: '',
    court: r.court,
    date: r.date,
    approximate: Boolean(r.approximate),
    citations: kept,
    capCitations: r.citations,
    inCl: r.holds === 'all' || r.holds === 'no-citation',
    inCap: r.holds !== 'missing',
  };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50);
}

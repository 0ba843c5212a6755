/**
 * The case-law data at the full snapshot's scale, through `caselaw download --with-cap`: a
 * generated CourtListener snapshot (10 million opinion clusters, about 18 million citation
 * rows, a docket per cluster and as many PACER dockets with no opinion) in CourtListener's full
 * column layout and real dialect (.bz2, served by the local fake bucket), and a generated
 * Caselaw Access Project site listing every volume of those reporters up to 2017, about 36,000
 * (served on demand). Prints:
 *
 * - import time, file by file, and the index's size on disk;
 * - lookup times (p50/p95/p99): an address that is there, one that is not (with the evidence);
 * - the name search's times (p50/p95/p99), for names that are there and names that are not;
 * - a brief of 100 citations checked end to end (verify(): lookups, name searches, short forms).
 *
 * Budget: import under an hour on this machine, a 100-citation brief under 1 s, the name
 * search under 5 ms at p95.
 *
 *   npx tsx scripts/bench/caselaw-import.ts [--scale 0.01] [--keep] [--index PATH]
 *
 * `--scale` scales the number of volumes (and so cases, citations and CAP lists) for
 * development; the full run is `--scale 1` (the default). `--index PATH` skips generation and
 * import and measures lookups on an index already built. The data are like the real ones
 * where the verdicts look: reporters by court and year, volumes filled in order, parallel
 * citations (S. Ct., L. Ed., regional reporters, Westlaw and Lexis numbers), a fifth of the cases without
 * their citation rows, one in a hundred of the Caselaw Access Project's cases missing from
 * CourtListener, names drawn from a vocabulary where some words are common (`Smith`) and most
 * are rare, and sovereign parties (`United States`, `State`, `People`).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCitations, findReporter } from '@citecheck/citations';
import { LocalCitationIndex, downloadSnapshot, formatBytes, renderImportProgress, verify } from '@citecheck/caselaw';
import type { LookupRequest, NameQuery } from '@citecheck/caselaw';
import { FakeBulkData } from '@citecheck/caselaw/testing/fake-bulk-data';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1].replace(/[_,]/g, '')) : fallback;
}
function option(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : null;
}
const SCALE = flag('scale', 1);
const KEEP = process.argv.includes('--keep');
const EXISTING = option('index');
const DATE = '2026-10-31';
const STAMP = '2026-10-31 02:15:00.000000+00';

/** A reporter whose volumes hold the cases of one court family, filled in order, `perVolume` cases each. */
interface Primary {
  reporter: string;
  slug: string;
  courts: string[];
  from: number;
  to: number;
  volumes: number;
  perVolume: number;
  /** Parallel citations: reporter and CourtListener type, the first volume's year, volumes over the span. */
  parallels: { reporter: string; type: number; from: number; to: number; volumes: number }[];
  type: number;
  base: number;
}

const STATES: [string, string, string, string][] = [
  // reporter, its court id, the state's name, its regional reporter era 1 / era 2
  ['Ohio St. 3d', 'ohio', 'Ohio', 'N.E.2d'], ['Cal. 4th', 'cal', 'California', 'P.2d'], ['N.Y.3d', 'ny', 'New York', 'N.E.2d'], ['Mass.', 'mass', 'Massachusetts', 'N.E.2d'],
  ['Ill. 2d', 'ill', 'Illinois', 'N.E.2d'], ['Wis. 2d', 'wis', 'Wisconsin', 'N.W.2d'], ['Wash. 2d', 'wash', 'Washington', 'P.2d'], ['Mich.', 'mich', 'Michigan', 'N.W.2d'],
  ['N.J.', 'nj', 'New Jersey', 'A.2d'], ['Pa.', 'pa', 'Pennsylvania', 'A.2d'], ['Va.', 'va', 'Virginia', 'S.E.2d'], ['N.C.', 'nc', 'North Carolina', 'S.E.2d'],
  ['Ga.', 'ga', 'Georgia', 'S.E.2d'], ['Kan.', 'kan', 'Kansas', 'P.2d'], ['Neb.', 'neb', 'Nebraska', 'N.W.2d'], ['Or.', 'or', 'Oregon', 'P.2d'],
  ['Ariz.', 'ariz', 'Arizona', 'P.2d'], ['Conn.', 'conn', 'Connecticut', 'A.2d'], ['Mont.', 'mont', 'Montana', 'P.2d'], ['N.H.', 'nh', 'New Hampshire', 'A.2d'],
  ['Vt.', 'vt', 'Vermont', 'A.2d'], ['Haw.', 'haw', 'Hawaii', 'P.2d'], ['Idaho', 'idaho', 'Idaho', 'P.2d'], ['Nev.', 'nev', 'Nevada', 'P.2d'],
  ['N.M.', 'nm', 'New Mexico', 'P.2d'], ['S.C.', 'sc', 'South Carolina', 'S.E.2d'], ['W. Va.', 'wva', 'West Virginia', 'S.E.2d'], ['Md.', 'md', 'Maryland', 'A.2d'],
  ['Wash. App.', 'washctapp', 'Washington', 'P.2d'], ['Ohio App. 3d', 'ohioctapp', 'Ohio', 'N.E.2d'],
];
const REGIONAL_NEXT: Record<string, string> = { 'N.E.2d': 'N.E.3d', 'P.2d': 'P.3d', 'N.W.2d': 'N.W.2d', 'A.2d': 'A.3d', 'S.E.2d': 'S.E.2d' };

const slugOf = (r: string): string => r.toLowerCase().split(/\s+/).map((w) => w.replace(/[.'’]/g, '')).filter(Boolean).join('-');
const vols = (n: number): number => Math.max(3, Math.round(n * SCALE));

function primaries(): Primary[] {
  const list: Omit<Primary, 'base' | 'slug'>[] = [
    { reporter: 'U.S.', courts: ['scotus'], from: 1790, to: 2020, volumes: vols(600), perVolume: 40, type: 1, parallels: [{ reporter: 'S. Ct.', type: 1, from: 1882, to: 2026, volumes: 146 }, { reporter: 'L. Ed. 2d', type: 4, from: 1956, to: 2026, volumes: 220 }] },
    { reporter: 'F.2d', courts: ['ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'cadc'], from: 1924, to: 1993, volumes: vols(999), perVolume: 250, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 1924, to: 1993, volumes: 0 }] },
    { reporter: 'F.3d', courts: ['ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'ca11', 'cadc', 'cafc'], from: 1993, to: 2021, volumes: vols(999), perVolume: 250, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 1993, to: 2021, volumes: 0 }, { reporter: 'U.S. App. LEXIS', type: 6, from: 1993, to: 2021, volumes: 0 }] },
    // As many decisions a year as F.3d's (about 8,600): a drop at 2021 would be a gap in the collection.
    { reporter: 'F.4th', courts: ['ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'ca11', 'cadc', 'cafc'], from: 2021, to: 2026, volumes: vols(150), perVolume: 345, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 2021, to: 2026, volumes: 0 }, { reporter: 'U.S. App. LEXIS', type: 6, from: 2021, to: 2026, volumes: 0 }] },
    { reporter: 'F. Supp.', courts: ['nysd', 'cand', 'ilnd', 'txsd', 'dcd', 'paed', 'mad'], from: 1932, to: 1998, volumes: vols(999), perVolume: 200, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 1932, to: 1998, volumes: 0 }] },
    { reporter: 'F. Supp. 2d', courts: ['nysd', 'cand', 'ilnd', 'txsd', 'dcd', 'paed', 'mad'], from: 1998, to: 2014, volumes: vols(999), perVolume: 200, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 1998, to: 2014, volumes: 0 }, { reporter: 'U.S. Dist. LEXIS', type: 6, from: 1998, to: 2014, volumes: 0 }] },
    { reporter: 'F. Supp. 3d', courts: ['nysd', 'cand', 'ilnd', 'txsd', 'dcd', 'paed', 'mad'], from: 2014, to: 2026, volumes: vols(790), perVolume: 200, type: 1, parallels: [{ reporter: 'WL', type: 7, from: 2014, to: 2026, volumes: 0 }, { reporter: 'U.S. Dist. LEXIS', type: 6, from: 2014, to: 2026, volumes: 0 }] },
    ...STATES.map(([reporter, court, , regional]) => ({
      reporter, courts: [court], from: 1880, to: 2026, volumes: vols(1200), perVolume: 190, type: 2,
      parallels: [{ reporter: regional, type: 3, from: 1880, to: 2010, volumes: 999 }, { reporter: REGIONAL_NEXT[regional], type: 3, from: 2010, to: 2026, volumes: 300 }, { reporter: 'WL', type: 7, from: 1880, to: 2026, volumes: 0 }],
    })),
  ];
  let base = 1;
  return list.map((p) => {
    // Within the series' real years and, for a closed series, its last volume (the citation
    // engine's catalogue): a case the catalogue makes impossible (volume 666 of Ill. 2d, which
    // ended at 243) would be judged implausible, rightly. A capped series keeps its number of
    // cases in fuller volumes.
    const entry = findReporter(p.reporter);
    if (entry?.yearsChecked) {
      p = { ...p, from: Math.max(p.from, entry.start), to: Math.min(p.to, entry.end ?? p.to) };
      if (entry.end !== null && entry.maxVolume !== null && p.volumes > entry.maxVolume) {
        p = { ...p, perVolume: Math.min(1000, Math.round((p.perVolume * p.volumes) / entry.maxVolume)), volumes: entry.maxVolume };
      }
    }
    const out = { ...p, slug: slugOf(p.reporter), base };
    base += p.volumes * p.perVolume;
    return out;
  });
}

const PRIMARIES = primaries();
const WITH_CITATIONS = PRIMARIES.reduce((n, p) => n + p.volumes * p.perVolume, 0);
const CLUSTERS = Math.max(WITH_CITATIONS, Math.round(10_000_000 * SCALE));

// The volume-year mapping, and the cases of a volume, by formula: the CAP site and the samples
// below derive them again without keeping 10 million cases in memory.
const yearOf = (p: Primary, volume: number): number => Math.min(p.to, p.from + Math.floor(((volume - 1) * (p.to - p.from + 1)) / p.volumes));
const clusterOf = (p: Primary, volume: number, k: number): number => p.base + (volume - 1) * p.perVolume + k;
const pageOf = (k: number): number => 1 + k * 7;
/** One case in five keeps its cluster and loses its citation rows (CourtListener's hole). */
const lostRows = (id: number): boolean => (Math.imul(id, 2654435761) >>> 0) % 5 === 0;
/** One CAP case in a hundred is missing from CourtListener altogether. */
const missingFromCl = (id: number): boolean => (Math.imul(id, 40503) >>> 0) % 100 === 7;

/** A vocabulary of invented surnames; low indexes are drawn far more often (a few common names, many rare ones). */
const SYL = ['an', 'ber', 'cal', 'dor', 'el', 'fen', 'gar', 'hol', 'is', 'jar', 'kel', 'lin', 'mor', 'nev', 'or', 'pal', 'quin', 'ros', 'sal', 'tor', 'ul', 'var', 'wes', 'yor'];
function word(i: number): string {
  let s = '';
  let n = i + 24;
  while (n > 0) {
    s += SYL[n % 24];
    n = Math.floor(n / 24);
  }
  return s[0].toUpperCase() + s.slice(1);
}
const VOCAB = 150_000;
function surname(id: number, salt: number): string {
  const u = ((Math.imul(id ^ salt, 2246822519) >>> 0) % 1_000_000) / 1_000_000;
  return word(Math.floor(VOCAB * u ** 3));
}
function nameOf(id: number): string {
  const a = surname(id, 17);
  const b = surname(id, 91);
  switch (id % 10) {
    case 5: return `State v. ${a}`;
    case 6: return `United States v. ${a}`;
    case 7: return `${a} Holdings Corp. v. ${b}`;
    case 8: return `In re ${a}`;
    case 9: return `${a} v. City of ${b}`;
    default: return `${a} v. ${b}`;
  }
}
const courtOf = (p: Primary, id: number): string => p.courts[id % p.courts.length];
const dateOf = (year: number, id: number): string => `${year}-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}`;

/** PostgreSQL COPY's quoting, CourtListener's options (see pgCopyCsv): every value quoted, `"` and `\` escaped. */
const q = (cells: (string | number | null)[]): string => cells.map((c) => (c === null ? '' : `"${String(c).replace(/[\\"]/g, (ch) => `\\${ch}`)}"`)).join(',') + '\n';

async function writeBz2(path: string, header: string[], rows: (emit: (line: string) => Promise<void>) => Promise<void>): Promise<void> {
  const bin = ['/usr/bin/lbzip2', '/usr/bin/bzip2'].find((p) => { try { return statSync(p).isFile(); } catch { return false; } })!;
  const child = spawn(bin, ['-c'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out = createWriteStream(path);
  child.stdout.pipe(out);
  const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
  let buf = header.join(',') + '\n';
  const emit = async (line: string): Promise<void> => {
    buf += line;
    if (buf.length > 1 << 22) {
      const chunk = buf;
      buf = '';
      if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
    }
  };
  await rows(emit);
  child.stdin.end(buf);
  await done;
}

const CLUSTER_COLUMNS = ['id', 'date_created', 'date_modified', 'judges', 'date_filed', 'date_filed_is_approximate', 'slug', 'case_name_short', 'case_name', 'case_name_full', 'scdb_id', 'scdb_decision_direction', 'scdb_votes_majority', 'scdb_votes_minority', 'source', 'procedural_history', 'attorneys', 'nature_of_suit', 'posture', 'syllabus', 'headnotes', 'summary', 'disposition', 'history', 'other_dates', 'cross_reference', 'correction', 'citation_count', 'precedential_status', 'date_blocked', 'blocked', 'filepath_json_harvard', 'filepath_pdf_harvard', 'docket_id', 'arguments', 'headmatter'];
const DOCKET_COLUMNS = ['id', 'date_created', 'date_modified', 'source', 'appeal_from_str', 'assigned_to_str', 'referred_to_str', 'panel_str', 'date_last_index', 'date_cert_granted', 'date_cert_denied', 'date_argued', 'date_reargued', 'date_reargument_denied', 'date_filed', 'date_terminated', 'date_last_filing', 'case_name_short', 'case_name', 'case_name_full', 'slug', 'docket_number', 'docket_number_core', 'pacer_case_id', 'cause', 'nature_of_suit', 'jury_demand', 'jurisdiction_type', 'appellate_fee_status', 'appellate_case_type_information', 'mdl_status', 'filepath_local', 'filepath_ia', 'filepath_ia_json', 'ia_upload_failure_count', 'ia_needs_upload', 'ia_date_first_change', 'view_count', 'date_blocked', 'blocked', 'appeal_from_id', 'assigned_to_id', 'court_id', 'idb_data_id', 'originating_court_information_id', 'referred_to_id', 'federal_dn_case_type', 'federal_dn_office_code', 'federal_dn_judge_initials_assigned', 'federal_dn_judge_initials_referred', 'federal_defendant_number', 'parent_docket_id'];

/** Courts: the ones the data uses, then filler up to CourtListener's 3,353. */
function courtRows(): (string | number | null)[][] {
  const named: [string, string, string][] = [
    ['scotus', 'Supreme Court of the United States', 'F'],
    ...['ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'ca11', 'cadc', 'cafc'].map((c): [string, string, string] => [c, `Court of Appeals for the ${c.toUpperCase()}`, 'F']),
    ...['nysd', 'cand', 'ilnd', 'txsd', 'dcd', 'paed', 'mad'].map((c): [string, string, string] => [c, `District Court ${c.toUpperCase()}`, 'FD']),
    ...STATES.map(([, court, state]): [string, string, string] => [court, `Supreme Court of ${state}`, 'S']),
  ];
  const rows = named.map(([id, full, j], i) => [id, null, 'f', STAMP, 't', 't', `${i}.0`, id.toUpperCase(), full, full, '', '1891-03-03', null, j, '']);
  for (let i = rows.length; i < 3353; i++) rows.push([`court${i}`, null, 'f', STAMP, 't', 'f', `${i}.0`, `C${i}`, `Court ${i}`, `Trial Court ${i}`, '', null, null, 'ST', '']);
  return rows;
}

async function generate(dir: string): Promise<{ citations: number; clusters: number; dockets: number }> {
  await writeBz2(join(dir, `courts-${DATE}.csv.bz2`), ['id', 'pacer_court_id', 'pacer_has_rss_feed', 'date_modified', 'in_use', 'has_opinion_scraper', 'position', 'citation_string', 'short_name', 'full_name', 'url', 'start_date', 'end_date', 'jurisdiction', 'notes'], async (emit) => {
    for (const r of courtRows()) await emit(q(r));
  });
  // Clusters: those with a place in a reporter first, then cases with no citation at all.
  await writeBz2(join(dir, `opinion-clusters-${DATE}.csv.bz2`), CLUSTER_COLUMNS, async (emit) => {
    for (const p of PRIMARIES) {
      for (let v = 1; v <= p.volumes; v++) {
        const year = yearOf(p, v);
        for (let k = 0; k < p.perVolume; k++) {
          const id = clusterOf(p, v, k);
          if (missingFromCl(id) && year <= 2017) continue;
          const name = nameOf(id);
          const syllabus = id % 50 === 0 ? `Held: the rule applies.\n${'The court considered the "plain meaning" of the statute, its history, and the cases, '.repeat(12)}` : id % 5 === 0 ? 'Affirmed in part, reversed in part, and remanded.' : '';
          await emit(q([id, STAMP, STAMP, `Judge ${id % 500}`, dateOf(year, id), 'f', `case-${id}`, '', name, '', '', '', '', '', 'C', '', '', '', '', syllabus, '', '', '', '', '', '', '', id % 50, 'Published', null, 'f', `law.free.cap.${id}.json`, '', id, '', '']));
        }
      }
    }
    for (let id = WITH_CITATIONS + 1; id <= CLUSTERS; id++) {
      await emit(q([id, STAMP, STAMP, '', dateOf(2010 + (id % 17), id), 'f', `case-${id}`, '', nameOf(id), '', '', '', '', '', 'C', '', '', '', '', '', '', '', '', '', '', '', '', 0, 'Unpublished', null, 'f', '', '', id, '', '']));
    }
  });
  // Dockets: one per case, then PACER dockets without an opinion (the importer reads and drops them).
  let dockets = 0;
  await writeBz2(join(dir, `dockets-${DATE}.csv.bz2`), DOCKET_COLUMNS, async (emit) => {
    const line = (id: number, courtId: string, name: string, pacer: boolean): string =>
      q([id, STAMP, STAMP, pacer ? 1 : 0, '', pacer ? `Judge ${id % 700}` : '', '', '', null, null, null, null, null, null, `20${10 + (id % 15)}-0${1 + (id % 9)}-1${id % 10}`, null, null, '', name, '', `case-${id}`, `${id % 30}:${20 + (id % 5)}-cv-${id % 99999}`, `${20 + (id % 5)}-${id % 99999}`, pacer ? 100000 + id : '', pacer ? '28:1332 Diversity-Breach of Contract' : '', pacer ? '190 Contract: Other' : '', pacer ? 'Plaintiff' : '', pacer ? 'Diversity' : '', '', '', '', '', '', '', 0, 'f', null, 0, null, 'f', null, null, courtId, null, null, null, '', '', '', '', null, null]);
    for (const p of PRIMARIES) {
      for (let v = 1; v <= p.volumes; v++) for (let k = 0; k < p.perVolume; k++) {
        const id = clusterOf(p, v, k);
        await emit(line(id, courtOf(p, id), nameOf(id), false));
        dockets++;
      }
    }
    for (let id = WITH_CITATIONS + 1; id <= CLUSTERS; id++) {
      await emit(line(id, `court${20 + (id % 3000)}`, nameOf(id), false));
      dockets++;
    }
    for (let i = 1; i <= CLUSTERS; i++) {
      await emit(line(CLUSTERS + i, 'nysd', `Party ${i} v. Respondent ${i % 9973}`, true));
      dockets++;
    }
  });
  // Citations: each case's primary citation and its parallels, but not for a fifth of them.
  let citations = 0;
  const parallelPage = new Map<string, number>();
  await writeBz2(join(dir, `citations-${DATE}.csv.bz2`), ['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'], async (emit) => {
    for (const p of PRIMARIES) {
      for (let v = 1; v <= p.volumes; v++) {
        const year = yearOf(p, v);
        for (let k = 0; k < p.perVolume; k++) {
          const id = clusterOf(p, v, k);
          if (lostRows(id) || (missingFromCl(id) && year <= 2017)) continue;
          await emit(q([++citations, v, p.reporter, pageOf(k), p.type, id, STAMP, STAMP]));
          for (const par of p.parallels) {
            if (year < par.from || year > par.to || (par.type !== 7 && id % 7 === 3)) continue;
            const byYear = par.volumes === 0;
            const pv = byYear ? year : 1 + Math.floor(((year - par.from) * par.volumes) / (par.to - par.from + 1));
            const key = `${par.reporter} ${pv}`;
            const page = (parallelPage.get(key) ?? 0) + (byYear ? 37 : 5);
            parallelPage.set(key, page);
            await emit(q([++citations, pv, par.reporter, page, par.type, id, STAMP, STAMP]));
          }
        }
      }
    }
  });
  return { citations, clusters: CLUSTERS, dockets };
}

/** The Caselaw Access Project's site, every list made on request from the same formulas. */
function startCap(): Promise<{ url: string; stop: () => Promise<void>; volumes: number }> {
  const capVolumes = PRIMARIES.flatMap((p) => Array.from({ length: p.volumes }, (_, i) => i + 1).filter((v) => yearOf(p, v) <= 2017).map((v) => ({ p, v })));
  const bySlug = new Map(PRIMARIES.map((p) => [p.slug, p]));
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/ReportersMetadata.json') return send(PRIMARIES.map((p, i) => ({ id: i + 1, full_name: p.reporter, short_name: p.reporter, slug: p.slug })));
    let m = /^\/([^/]+)\/VolumesMetadata\.json$/.exec(path);
    if (m && bySlug.has(m[1])) {
      const p = bySlug.get(m[1])!;
      return send(capVolumes.filter((x) => x.p === p).map(({ v }) => ({ volume_number: String(v), volume_folder: String(v), reporter_slug: p.slug })));
    }
    m = /^\/([^/]+)\/(\d+)\/CasesMetadata\.json$/.exec(path);
    if (m && bySlug.has(m[1])) {
      const p = bySlug.get(m[1])!;
      const v = Number(m[2]);
      const year = yearOf(p, v);
      return send(Array.from({ length: p.perVolume }, (_, k) => {
        const id = clusterOf(p, v, k);
        const page = pageOf(k);
        return { id, name: nameOf(id), name_abbreviation: nameOf(id), decision_date: dateOf(year, id), first_page: String(page), last_page: String(pageOf(k + 1) - 1), citations: [{ type: 'official', cite: `${v} ${p.reporter} ${page}` }], court: { name_abbreviation: courtOf(p, id) }, file_name: `${String(page).padStart(4, '0')}-01` };
      }));
    }
    res.writeHead(404);
    res.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, volumes: capVolumes.length, stop: () => new Promise<void>((r) => server.close(() => r())) })));
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentiles(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number): string => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(3);
  return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (${s.length.toLocaleString('en-US')} runs)`;
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const n = (x: number): string => Math.round(x).toLocaleString('en-US');
const clock = (s: number): string => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

function measure(index: LocalCitationIndex): void {
  const rnd = prng(7);
  const pick = (): { p: Primary; v: number; k: number } => {
    const p = PRIMARIES[Math.floor(rnd() * PRIMARIES.length)];
    return { p, v: 1 + Math.floor(rnd() * p.volumes), k: Math.floor(rnd() * p.perVolume) };
  };
  // Warm the page cache a little, as a running server's is.
  for (let i = 0; i < 2000; i++) {
    const { p, v, k } = pick();
    index.lookupOne({ id: 'w', volume: v, reporter: p.reporter, page: String(pageOf(k)) });
  }
  const hit: number[] = [];
  const miss: number[] = [];
  const statuses = new Map<string, number>();
  for (let i = 0; i < 20_000; i++) {
    const { p, v, k } = pick();
    const missing = i % 2 === 1;
    const req: LookupRequest = { id: 'x', volume: v, reporter: p.reporter, page: String(missing ? pageOf(k) + 3 : pageOf(k)), year: yearOf(p, v) };
    const t0 = performance.now();
    const r = index.lookupOne(req);
    (missing ? miss : hit).push(performance.now() - t0);
    statuses.set(`${missing ? 'miss' : 'case'} → ${r.status}`, (statuses.get(`${missing ? 'miss' : 'case'} → ${r.status}`) ?? 0) + 1);
  }
  console.log(`Lookup of an address a case starts at: ${percentiles(hit)}`);
  console.log(`Lookup of an address no case starts at (with its evidence): ${percentiles(miss)}`);
  console.log(`  answers: ${[...statuses].map(([k, c]) => `${k} ${n(c)}`).join('; ')}`);

  const found: number[] = [];
  const absent: number[] = [];
  let foundSame = 0;
  let conclusive = 0;
  for (let i = 0; i < 10_000; i++) {
    const { p, v, k } = pick();
    const id = clusterOf(p, v, k);
    const real = i % 2 === 0;
    const q: NameQuery = { id: 'n', caseName: real ? nameOf(id) : `${word(VOCAB + 1000 + i)} v. ${word(VOCAB + 90_000 + i)}`, year: yearOf(p, v), court: courtOf(p, id), reporter: p.reporter, volume: v, page: String(pageOf(k)) };
    const t0 = performance.now();
    const r = index.searchByNameOne(q);
    (real ? found : absent).push(performance.now() - t0);
    if (real && r.same.length) foundSame++;
    if (!real && r.conclusive) conclusive++;
  }
  console.log(`Name search, names that are there: ${percentiles(found)}; found ${n(foundSame)} of ${n(found.length)}`);
  console.log(`Name search, names that are not: ${percentiles(absent)}; conclusive ${n(conclusive)} of ${n(absent.length)}`);
  console.log(`Name search, all: ${percentiles([...found, ...absent])} (budget: under 5 ms at p95)`);
}

async function briefs(index: LocalCitationIndex): Promise<void> {
  const rnd = prng(11);
  const times: number[] = [];
  let flagged = 0;
  let accused = 0;
  const samples: string[] = [];
  const missed: string[] = [];
  for (let b = 0; b < 30; b++) {
    const parts: string[] = [];
    const fabricated = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const p = PRIMARIES[Math.floor(rnd() * PRIMARIES.length)];
      const v = 1 + Math.floor(rnd() * p.volumes);
      const k = Math.floor(rnd() * p.perVolume);
      const id = clusterOf(p, v, k);
      parts.push(`${nameOf(id)}, ${v} ${p.reporter} ${pageOf(k)} (${yearOf(p, v)}).`);
      if (i % 8 === 0) parts.push(`Id. at ${pageOf(k) + 2}.`);
    }
    for (let i = 0; i < 10; i++) {
      const p = PRIMARIES[Math.floor(rnd() * PRIMARIES.length)];
      const v = 1 + Math.floor(rnd() * p.volumes);
      const name = `${word(VOCAB + 5000 + b * 10 + i)} v. ${word(VOCAB + 70_000 + b * 10 + i)}`;
      fabricated.add(name);
      parts.push(`${name}, ${v} ${p.reporter} ${pageOf(3) + 4} (${yearOf(p, v)}).`);
    }
    const citations = findCitations(parts.join(' '));
    const t0 = performance.now();
    const { verdicts } = await verify(citations, [index], { now: new Date('2026-11-28T00:00:00Z') });
    times.push(performance.now() - t0);
    const say = (i: number): string => {
      const v = verdicts[i];
      return `${citations[i].caseName}, ${citations[i].normalized}: ${typeof v.validationDetails === 'string' ? v.validationDetails : v.validationDetails.message}`;
    };
    verdicts.forEach((v, i) => {
      if (v.isValid !== false) {
        if (fabricated.has(citations[i].caseName ?? '') && missed.length < 5) missed.push(say(i));
        return;
      }
      if (fabricated.has(citations[i].caseName ?? '')) flagged++;
      else {
        accused++;
        if (samples.length < 5) samples.push(say(i));
      }
    });
    // A fabricated citation the engine read under another name (or not at all) is missed too.
    const named = new Set(citations.map((c) => c.caseName ?? ''));
    const text = parts.join(' ');
    for (const name of fabricated) {
      if (named.has(name) || missed.length >= 5) continue;
      const at = text.indexOf(name);
      const read = citations.filter((c) => c.start >= at - 40 && c.start <= at + 120).map((c) => `${c.caseName ?? '(no name)'}, ${c.normalized}`);
      missed.push(`${text.slice(at, at + 60)}...: read as ${read.join('; ') || 'no citation'}`);
    }
    if (b === 0) console.log(`A brief: ${citations.length} citations (80 real, with their short forms, 10 fabricated)`);
  }
  console.log(`Checking a brief of about 100 citations: ${percentiles(times)} (budget: under 1 s)`);
  console.log(`  over the 30 briefs: ${n(flagged)} of 300 fabricated citations judged invalid; ${n(accused)} others judged invalid`);
  for (const x of samples) console.log(`    judged invalid: ${x}`);
  for (const x of missed) console.log(`    fabricated, not judged invalid: ${x}`);
}

async function main(): Promise<void> {
  if (EXISTING) {
    const index = LocalCitationIndex.open(EXISTING);
    console.log(`Index ${EXISTING}: ${formatBytes(statSync(EXISTING).size)}; ${index.info.description}; ${n(index.info.clusters)} cases; CAP ${n(index.info.cap.cases)} cases`);
    measure(index);
    await briefs(index);
    index.close();
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'caselaw-import-bench-'));
  const gen = join(dir, 'generated');
  mkdirSync(gen);
  console.log(`Scale ${SCALE}: ${n(CLUSTERS)} clusters (${n(WITH_CITATIONS)} with a place in a reporter), ${PRIMARIES.length} reporters`);
  let t0 = Date.now();
  const counts = await generate(gen);
  const objects: Record<string, Buffer> = {};
  for (const name of readdirSync(gen)) objects[`bulk-data/${name}`] = readFileSync(join(gen, name));
  const compressed = Object.values(objects).reduce((s, b) => s + b.length, 0);
  rmSync(gen, { recursive: true, force: true });
  console.log(`Generated ${n(counts.citations)} citation rows, ${n(counts.clusters)} clusters, ${n(counts.dockets)} dockets: ${formatBytes(compressed)} of .bz2 in ${secs(Date.now() - t0)}`);

  const bucket = new FakeBulkData(objects);
  await bucket.start();
  const cap = await startCap();
  console.log(`CAP site: ${n(cap.volumes)} volume lists`);
  t0 = Date.now();
  let downloadMs = 0;
  let importStart = 0;
  let capStart = 0;
  let lastLine = 0;
  const result = await downloadSnapshot({
    bucketUrl: bucket.url,
    capUrl: cap.url,
    withCap: true,
    dir: join(dir, 'bulk'),
    indexPath: join(dir, 'caselaw.sqlite'),
    onEvent: (e) => {
      if (e.type === 'file-done' && e.file.kind === 'citations') downloadMs = Date.now() - t0;
      if (e.type === 'import' && !importStart) importStart = Date.now();
      if (e.type === 'cap' && !capStart) capStart = Date.now();
      if (e.type === 'import' && (Date.now() - lastLine > 30_000 || e.progress.phase !== 'loading')) {
        lastLine = Date.now();
        console.log(`  ${renderImportProgress(e.progress)}`);
      }
      if (e.type === 'cap' && (e.done === e.total || Date.now() - lastLine > 30_000)) {
        lastLine = Date.now();
        console.log(`  CAP: ${n(e.done)} of ${n(e.total)} volumes, ${n(e.cases)} cases`);
      }
    },
  });
  const totalMs = Date.now() - t0;
  await bucket.stop();
  await cap.stop();
  const report = result.import!;
  const indexBytes = statSync(report.indexPath).size;
  console.log(`Download from the local fake bucket: ${formatBytes(compressed)} in ${secs(downloadMs)}`);
  for (const f of report.files) {
    const rate = f.rows / Math.max(0.001, f.elapsedMs / 1000);
    console.log(`  ${f.file.split('/').pop()!.padEnd(36)} ${n(f.rows).padStart(11)} rows (${n(f.inserted)} kept) in ${secs(f.elapsedMs).padStart(8)} = ${n(rate).padStart(9)} rows/s, ${(f.chars / 1e6 / Math.max(0.001, f.elapsedMs / 1000)).toFixed(1)} MB/s of CSV`);
  }
  const loadMs = report.files.reduce((s, f) => s + f.elapsedMs, 0);
  console.log(`Import: ${secs(report.elapsedMs)} (files ${secs(loadMs)}; indexes, volume facts and name keys ${secs(report.indexMs)}; CAP lists ${secs(Math.max(0, report.elapsedMs - loadMs - report.indexMs))}); whole command ${clock(totalMs / 1000)} (budget: under 60 min)`);
  const docket = report.files.find((f) => f.kind === 'dockets')!;
  const pacerLeft = Math.max(0, 70_000_000 - docket.rows);
  const perDocket = docket.elapsedMs / Math.max(1, docket.rows);
  if (SCALE >= 1) console.log(`  CourtListener has about 70 million dockets; the ${n(pacerLeft)} not generated would add about ${clock((pacerLeft * perDocket) / 1000)} at this file's rate`);
  else console.log(`  at this scale; the full set's import extrapolates to about ${clock(totalMs / 1000 / SCALE)} (run --scale 1 to measure it)`);
  console.log(`Index on disk: ${formatBytes(indexBytes)}; ${n(report.coverage.clusters)} cases for the name search, ${n(report.coverage.cases)} with a citation in ${n(report.coverage.volumes)} volumes; CAP ${n(result.cap?.cases ?? 0)} cases in ${n(result.cap?.volumesFound ?? 0)} volumes`);

  const index = LocalCitationIndex.open(report.indexPath);
  measure(index);
  await briefs(index);
  index.close();
  console.log(`Load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores; peak RSS ${formatBytes(process.resourceUsage().maxRSS * 1024)}`);
  if (KEEP) console.log(`Kept ${dir} (measure again: --index ${report.indexPath})`);
  else rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Benchmark of `citecheck caselaw download` on a generated snapshot in CourtListener's real
 * format: the four .bz2 files with their full column sets (dockets ~50 columns, opinion
 * clusters ~36 with syllabus text, citations 8), served by the local fake bucket and taken
 * through the real command path (listing, Range download, disk check, native bzip2 decode,
 * import, coverage). The full set is scaled down (default 5%); each file's rows/s is measured
 * and the full import time extrapolated from it, file by file.
 *
 *   npx tsx scripts/bench/caselaw-import.ts [--scale 0.05] [--keep]
 *
 * Full-size row counts assumed (override with --full-citations/--full-clusters/--full-dockets):
 * 18 million citations, 10 million opinion clusters, 70 million dockets (most of them PACER
 * dockets with no opinion, which the importer reads but does not keep). Target: under an hour.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWriteStream } from 'node:fs';
import { downloadSnapshot, formatBytes, renderImportProgress } from '@citecheck/caselaw';
import { FakeBulkData } from '@citecheck/caselaw/testing/fake-bulk-data';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1].replace(/[_,]/g, '')) : fallback;
}
const SCALE = flag('scale', 0.05);
const FULL = { citations: flag('full-citations', 18_000_000), clusters: flag('full-clusters', 10_000_000), dockets: flag('full-dockets', 70_000_000) };
const ROWS = { citations: Math.round(FULL.citations * SCALE), clusters: Math.round(FULL.clusters * SCALE), dockets: Math.round(FULL.dockets * SCALE), courts: 3_353 };
const KEEP = process.argv.includes('--keep');
const DATE = '2026-10-31';
const STAMP = '2026-10-31 02:15:00.000000+00';

const DOCKET_COLUMNS = ['id', 'date_created', 'date_modified', 'source', 'appeal_from_str', 'assigned_to_str', 'referred_to_str', 'panel_str', 'date_last_index', 'date_cert_granted', 'date_cert_denied', 'date_argued', 'date_reargued', 'date_reargument_denied', 'date_filed', 'date_terminated', 'date_last_filing', 'case_name_short', 'case_name', 'case_name_full', 'slug', 'docket_number', 'docket_number_core', 'pacer_case_id', 'cause', 'nature_of_suit', 'jury_demand', 'jurisdiction_type', 'appellate_fee_status', 'appellate_case_type_information', 'mdl_status', 'filepath_local', 'filepath_ia', 'filepath_ia_json', 'ia_upload_failure_count', 'ia_needs_upload', 'ia_date_first_change', 'view_count', 'date_blocked', 'blocked', 'appeal_from_id', 'assigned_to_id', 'court_id', 'idb_data_id', 'originating_court_information_id', 'referred_to_id', 'federal_dn_case_type', 'federal_dn_office_code', 'federal_dn_judge_initials_assigned', 'federal_dn_judge_initials_referred', 'federal_defendant_number', 'parent_docket_id'];
const CLUSTER_COLUMNS = ['id', 'date_created', 'date_modified', 'judges', 'date_filed', 'date_filed_is_approximate', 'slug', 'case_name_short', 'case_name', 'case_name_full', 'scdb_id', 'scdb_decision_direction', 'scdb_votes_majority', 'scdb_votes_minority', 'source', 'procedural_history', 'attorneys', 'nature_of_suit', 'posture', 'syllabus', 'headnotes', 'summary', 'disposition', 'history', 'other_dates', 'cross_reference', 'correction', 'citation_count', 'precedential_status', 'date_blocked', 'blocked', 'filepath_json_harvard', 'filepath_pdf_harvard', 'docket_id', 'arguments', 'headmatter'];
const CITATION_COLUMNS = ['id', 'volume', 'reporter', 'page', 'type', 'cluster_id', 'date_created', 'date_modified'];
const REPORTERS = ['U.S.', 'S. Ct.', 'L. Ed. 2d', 'F.2d', 'F.3d', 'F.4th', 'F. Supp.', 'F. Supp. 2d', 'F. Supp. 3d', "F. App'x", 'B.R.', 'F.R.D.', 'A.2d', 'A.3d', 'N.E.2d', 'N.W.2d', 'P.2d', 'P.3d', 'S.E.2d', 'So. 2d', 'So. 3d', 'S.W.2d', 'S.W.3d', 'Cal. Rptr. 2d', 'N.Y.S.2d', 'Ill. Dec.', 'WL'];

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

const q = (cells: (string | number)[]): string => cells.map((c) => `"${c}"`).join(',') + '\n';

/** Writes rows through lbzip2 (or bzip2) into `path`, with backpressure. */
async function writeBz2(path: string, header: string[], rows: (emit: (line: string) => Promise<void>) => Promise<void>): Promise<void> {
  const bin = ['/usr/bin/lbzip2', '/usr/bin/bzip2'].find((p) => { try { return statSync(p).isFile(); } catch { return false; } })!;
  const child = spawn(bin, ['-c'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out = createWriteStream(path);
  child.stdout.pipe(out);
  const done = new Promise<void>((resolve, reject) => out.on('finish', resolve).on('error', reject));
  let buf = q(header);
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

async function generate(dir: string): Promise<void> {
  const rnd = prng(42);
  const courts = Array.from({ length: ROWS.courts }, (_, i) => (i < 14 ? ['scotus', 'ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca6', 'ca7', 'ca8', 'ca9', 'ca10', 'ca11', 'cadc', 'cafc'][i] : `court${i}`));
  await writeBz2(join(dir, `courts-${DATE}.csv.bz2`), ['id', 'pacer_court_id', 'pacer_has_rss_feed', 'date_modified', 'in_use', 'has_opinion_scraper', 'position', 'citation_string', 'short_name', 'full_name', 'url', 'start_date', 'end_date', 'jurisdiction', 'notes'], async (emit) => {
    for (const [i, id] of courts.entries()) await emit(q([id, '', 'f', STAMP, 't', 't', `${i}.0`, id.toUpperCase(), `Court ${i}`, `The Court of Example ${i}`, `https://court${i}.example.gov`, '1891-03-03', '', 'F', '']));
  });
  // Clusters point at every (dockets/clusters)-th docket: the others are PACER dockets with no opinion.
  const stride = Math.max(1, Math.floor(ROWS.dockets / ROWS.clusters));
  await writeBz2(join(dir, `dockets-${DATE}.csv.bz2`), DOCKET_COLUMNS, async (emit) => {
    for (let i = 1; i <= ROWS.dockets; i++) {
      const court = courts[i % courts.length];
      const name = `Party ${i} v. Respondent ${i % 9973}`;
      const pacer = i % stride !== 0;
      await emit(q([i, STAMP, STAMP, pacer ? 1 : 0, '', pacer ? `Judge ${i % 700}` : '', '', '', '', '', '', '', '', '', `20${10 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`, '', '', `Party ${i}`, name, `${name}, et al.`, `party-${i}-v-respondent`, `${i % 30}:${20 + (i % 5)}-cv-${i % 99999}`, `${20 + (i % 5)}-${i % 99999}`, pacer ? 100000 + i : '', pacer ? '28:1332 Diversity-Breach of Contract' : '', pacer ? '190 Contract: Other' : '', pacer ? 'Plaintiff' : '', pacer ? 'Diversity' : '', '', '', '', '', '', '', 0, 'f', '', 0, '', 'f', '', '', court, '', '', '', '', '', '', '', '', '']));
    }
  });
  await writeBz2(join(dir, `opinion-clusters-${DATE}.csv.bz2`), CLUSTER_COLUMNS, async (emit) => {
    for (let i = 1; i <= ROWS.clusters; i++) {
      const name = `Party ${i * stride} v. Respondent ${(i * stride) % 9973}`;
      // A syllabus on one cluster in five, a long one (multi-line, quotes, commas) on one in fifty.
      const syllabus = i % 50 === 0 ? `Held: the rule applies.\n${'The court considered the \\"plain meaning\\" of the statute, its history, and the cases, '.repeat(12)}` : i % 5 === 0 ? 'Affirmed in part, reversed in part, and remanded.' : '';
      await emit(q([i, STAMP, STAMP, `Judge ${i % 500}`, `${1950 + (i % 74)}-0${1 + (i % 9)}-1${i % 10}`, 'f', `party-${i}`, `Party ${i}`, name, rnd() < 0.3 ? `${name}, et al., Appellants` : '', '', '', '', '', 'C', '', '', '', '', syllabus, '', '', '', '', '', '', '', i % 50, 'Published', '', 'f', `law.free.cap.${i}.json`, '', i * stride, '', '']));
    }
  });
  await writeBz2(join(dir, `citations-${DATE}.csv.bz2`), CITATION_COLUMNS, async (emit) => {
    const streams = [0, 1].map((s) => ({ reporter: s * 13, volume: 1, page: 1 }));
    for (let i = 0; i < ROWS.citations; i++) {
      const st = streams[i % 2];
      st.page += 2 + Math.floor(rnd() * 40);
      if (st.page > 1500) {
        st.page = 1 + Math.floor(rnd() * 5);
        if (++st.volume > 999) {
          st.volume = 1;
          st.reporter = (st.reporter + 1) % REPORTERS.length;
        }
      }
      await emit(q([i + 1, st.volume, REPORTERS[st.reporter], st.page, 1, 1 + (Math.floor(i / 1.8) % ROWS.clusters), STAMP, STAMP]));
    }
  });
}

const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const n = (x: number): string => Math.round(x).toLocaleString('en-US');
const clock = (s: number): string => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'caselaw-import-bench-'));
  const gen = join(dir, 'generated');
  rmSync(gen, { recursive: true, force: true });
  require('node:fs').mkdirSync(gen);
  console.log(`Scale ${SCALE}: ${n(ROWS.citations)} citations, ${n(ROWS.clusters)} clusters, ${n(ROWS.dockets)} dockets, ${n(ROWS.courts)} courts (full set assumed: ${n(FULL.citations)} / ${n(FULL.clusters)} / ${n(FULL.dockets)})`);
  let t0 = Date.now();
  await generate(gen);
  const objects: Record<string, Buffer> = {};
  for (const name of readdirSync(gen)) objects[`bulk-data/${name}`] = readFileSync(join(gen, name));
  const compressed = Object.values(objects).reduce((s, b) => s + b.length, 0);
  console.log(`Generated ${formatBytes(compressed)} of .bz2 in ${secs(Date.now() - t0)}`);
  rmSync(gen, { recursive: true, force: true });

  const bucket = new FakeBulkData(objects);
  await bucket.start();
  t0 = Date.now();
  let downloadMs = 0;
  let lastLine = 0;
  const result = await downloadSnapshot({
    bucketUrl: bucket.url,
    dir: join(dir, 'bulk'),
    indexPath: join(dir, 'caselaw.sqlite'),
    onEvent: (e) => {
      if (e.type === 'file-done' && e.file.kind === 'citations') downloadMs = Date.now() - t0;
      if (e.type === 'import' && (Date.now() - lastLine > 15_000 || e.progress.phase !== 'loading')) {
        lastLine = Date.now();
        console.log(`  ${renderImportProgress(e.progress)}`);
      }
    },
  });
  await bucket.stop();
  const report = result.import!;
  console.log(`Download from the local fake bucket: ${formatBytes(compressed)} in ${secs(downloadMs)} (a real one is bound by the network: at 20 MB/s the full ${formatBytes(compressed / SCALE)} take ${clock(compressed / SCALE / 20e6)})`);
  console.log(`Import: ${n(report.totals.rows)} rows in ${secs(report.elapsedMs)} = ${n(report.rowsPerSecond)} rows/s overall; lookup index and coverage ${secs(report.indexMs)}; index file ${formatBytes(statSync(report.indexPath).size)}`);
  let fullSecs = 0;
  for (const f of report.files) {
    const full = f.kind === 'courts' ? f.rows : FULL[f.kind] ?? f.rows;
    const rate = f.rows / Math.max(0.001, f.elapsedMs / 1000);
    const est = full / rate;
    fullSecs += est;
    const mbps = f.chars / 1e6 / Math.max(0.001, f.elapsedMs / 1000);
    console.log(`  ${f.file.split('/').pop()!.padEnd(36)} ${n(f.rows).padStart(11)} rows (${n(f.inserted)} kept, ${(f.chars / f.rows).toFixed(0)} chars/row) in ${secs(f.elapsedMs).padStart(7)} = ${n(rate).padStart(8)} rows/s, ${mbps.toFixed(1)} MB/s of CSV -> full ${n(full)} rows: ${clock(est)}`);
  }
  const indexFull = (report.indexMs / 1000) * (FULL.citations / ROWS.citations);
  fullSecs += indexFull;
  console.log(`  lookup index and coverage -> full: ${clock(indexFull)}`);
  console.log(`Extrapolated import of the full set: ${clock(fullSecs)} (target under 60 min: ${fullSecs < 3600 ? 'met' : 'NOT met'})`);
  console.log(`Coverage: ${n(report.coverage.reporters)} reporters, ${n(report.coverage.volumes)} volumes (${n(report.coverage.completeVolumes)} complete), ${n(report.coverage.cases)} cases`);
  console.log(`Load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores; peak RSS ${formatBytes(process.resourceUsage().maxRSS * 1024)}`);
  if (KEEP) console.log(`Kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Benchmark of the case-law index: generates CourtListener-format bulk CSVs of N citations
 * (default 18,000,000, the size of the full snapshot; N/2 clusters and dockets alongside),
 * imports them through the real importer, then measures lookups per second on the index.
 *
 *   npx tsx scripts/bench/verification.ts [--rows N] [--lookups M] [--keep]
 *
 * Targets: import under 15 minutes for the full size, at least 20,000 lookups/s.
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalCitationIndex, importBulkData, renderImportProgress } from '@citecheck/caselaw';
import type { LookupRequest } from '@citecheck/caselaw';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1].replace(/[_,]/g, '')) : fallback;
}
const ROWS = flag('rows', 18_000_000);
const LOOKUPS = flag('lookups', 200_000);
const KEEP = process.argv.includes('--keep');

/** Deterministic, so two runs import the same data. */
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

const REPORTERS = ['U.S.', 'S. Ct.', 'L. Ed. 2d', 'F.2d', 'F.3d', 'F.4th', 'F. Supp.', 'F. Supp. 2d', 'F. Supp. 3d', "F. App'x", 'B.R.', 'F.R.D.',
  'A.2d', 'A.3d', 'N.E.2d', 'N.W.2d', 'P.2d', 'P.3d', 'S.E.2d', 'So. 2d', 'So. 3d', 'S.W.2d', 'S.W.3d', 'Cal. Rptr. 2d', 'N.Y.S.2d', 'Ill. Dec.', 'WL'];
const STAMP = '2024-05-06 02:15:00.000000+00';

/** Writes through a 4 MB buffer: one syscall per few thousand rows. */
class Out {
  private fd: number;
  private buf = '';
  constructor(readonly path: string, header: string) {
    this.fd = openSync(path, 'w');
    this.write(header);
  }
  write(line: string): void {
    this.buf += line;
    if (this.buf.length > 4 << 20) this.flush();
  }
  flush(): void {
    writeSync(this.fd, this.buf);
    this.buf = '';
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** Two address streams (official and parallel reporter), each walking volumes page by page. */
function generate(dir: string): { sample: LookupRequest[]; bytes: number } {
  const rnd = prng(42);
  const clusters = Math.ceil(ROWS / 2);
  const courts = ['scotus', 'ca1', 'ca2', 'ca3', 'ca4', 'ca5', 'ca9', 'ca11', 'cadc', 'nysd', 'cand', 'dcd', 'ny', 'cal', 'tex'];
  const c = new Out(join(dir, 'courts-bench.csv'), '"id","date_modified","in_use","position","citation_string","short_name","full_name","jurisdiction"\n');
  courts.forEach((id, i) => c.write(`"${id}","${STAMP}","t","${i}.0","${id.toUpperCase()}","${id}","Court ${id}","F"\n`));
  c.close();
  const d = new Out(join(dir, 'dockets-bench.csv'), '"id","date_created","date_modified","source","court_id","case_name","slug","docket_number"\n');
  const k = new Out(join(dir, 'opinion-clusters-bench.csv'), '"id","date_created","date_modified","judges","date_filed","date_filed_is_approximate","slug","case_name_short","case_name","case_name_full","syllabus","precedential_status","docket_id","citation_count"\n');
  for (let i = 1; i <= clusters; i++) {
    const court = courts[i % courts.length];
    const name = `Party ${i} v. Respondent ${i % 9973}`;
    d.write(`"${i}","${STAMP}","${STAMP}","0","${court}","${name}","party-${i}","${i}-cv"\n`);
    const year = 1950 + (i % 74);
    k.write(`"${i}","${STAMP}","${STAMP}","","${year}-0${1 + (i % 9)}-1${i % 10}","f","party-${i}","Party ${i}","${name}","","","Published","${i}","${i % 50}"\n`);
  }
  d.close();
  k.close();
  const t = new Out(join(dir, 'citations-bench.csv'), '"id","volume","reporter","page","type","cluster_id","date_created","date_modified"\n');
  const streams = [0, 1].map((s) => ({ reporter: s * 13, volume: 1, page: 1 }));
  const sample: LookupRequest[] = [];
  const every = Math.max(1, Math.floor(ROWS / 100_000));
  for (let i = 0; i < ROWS; i++) {
    const st = streams[i % 2];
    st.page += 2 + Math.floor(rnd() * 40);
    if (st.page > 1500) {
      st.page = 1 + Math.floor(rnd() * 5);
      if (++st.volume > 999) {
        st.volume = 1;
        st.reporter = (st.reporter + 1) % REPORTERS.length;
      }
    }
    const reporter = REPORTERS[st.reporter];
    t.write(`"${i + 1}","${st.volume}","${reporter}","${st.page}","1","${Math.floor(i / 2) + 1}","${STAMP}","${STAMP}"\n`);
    if (i % every === 0) sample.push({ id: String(i), volume: st.volume, reporter, page: String(st.page) });
  }
  t.close();
  const bytes = ['courts', 'dockets', 'opinion-clusters', 'citations'].reduce((n, f) => n + statSync(join(dir, `${f}-bench.csv`)).size, 0);
  return { sample, bytes };
}

function mb(bytes: number): string {
  return `${(bytes / 1048576).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'caselaw-bench-'));
  console.log(`Generating ${ROWS.toLocaleString('en-US')} citations (+ ${Math.ceil(ROWS / 2).toLocaleString('en-US')} clusters and dockets) in ${dir}`);
  let t0 = Date.now();
  const { sample, bytes } = generate(dir);
  console.log(`  generated ${mb(bytes)} of CSV in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  t0 = Date.now();
  let lastLine = 0;
  const report = await importBulkData([dir], {
    indexPath: join(dir, 'caselaw.sqlite'),
    authoritative: true,
    source: 'benchmark',
    progressIntervalMs: 5000,
    onProgress: (p) => {
      if (Date.now() - lastLine >= 10_000 || p.phase !== 'loading') {
        lastLine = Date.now();
        console.log(`  ${renderImportProgress(p)}`);
      }
    },
  });
  const importSecs = (Date.now() - t0) / 1000;
  console.log(`Import: ${report.totals.rows.toLocaleString('en-US')} rows in ${importSecs.toFixed(1)} s (${report.rowsPerSecond.toLocaleString('en-US')} rows/s; index build ${(report.indexMs / 1000).toFixed(1)} s); index file ${mb(statSync(report.indexPath).size)}`);
  const citationFile = report.files.find((f) => f.kind === 'citations')!;
  console.log(`  citations: ${citationFile.inserted.toLocaleString('en-US')} inserted, ${citationFile.duplicates} duplicates, ${citationFile.corrupt} corrupt`);
  console.log(`  target < 15 min for 18M citations: ${importSecs < 900 ? 'met' : 'NOT met'}${ROWS < 18_000_000 ? ' (smaller run)' : ''}`);

  // Lookups: three quarters existing addresses, a quarter pages inside cases (contained-in) or misses.
  const index = LocalCitationIndex.open(report.indexPath);
  const rnd = prng(7);
  const requests: LookupRequest[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const s = sample[Math.floor(rnd() * sample.length)];
    requests.push(i % 4 === 3 ? { ...s, id: String(i), page: String(Number(s.page) + 1) } : { ...s, id: String(i) });
  }
  for (const r of requests.slice(0, 2000)) index.lookupOne(r); // warm the page cache
  t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const counts: Record<string, number> = {};
  for (const r of requests) {
    const res = index.lookupOne(r);
    counts[res.status] = (counts[res.status] ?? 0) + 1;
  }
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const perSecond = Math.round(LOOKUPS / secs);
  // The machine's cores are shared: lookups per CPU-second shows the index's own speed.
  const perCpuSecond = Math.round(LOOKUPS / ((cpu.user + cpu.system) / 1e6));
  console.log(`Lookups: ${LOOKUPS.toLocaleString('en-US')} in ${secs.toFixed(2)} s = ${perSecond.toLocaleString('en-US')} lookups/s wall-clock, ${perCpuSecond.toLocaleString('en-US')} per CPU-second (${JSON.stringify(counts)}); target >= 20,000/s: ${perSecond >= 20_000 ? 'met' : 'NOT met'}`);
  console.log(`  load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
  index.close();
  console.log(`Peak memory (RSS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  if (KEEP) console.log(`Kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * `citecheck caselaw import | download | coverage`: build the local case-law index from
 * CourtListener's bulk data (files already on disk, or the newest snapshot from its public
 * bucket) and show what it covers.
 */
import { existsSync } from 'node:fs';
import {
  BucketError,
  COURTLISTENER_BUCKET_URL,
  CAP_STATIC_URL,
  LocalCitationIndex,
  defaultIndexPath,
  downloadSnapshot,
  formatBytes,
  importBulkData,
  renderDownloadProgress,
  renderImportProgress,
} from '@citecheck/caselaw';
import type { CapReport, DownloadEvent, DownloadResult, ImportReport, ReporterCoverage } from '@citecheck/caselaw';
import type { Command } from '../commands';
import type { CliIO } from '../main';
import { parseArgs } from '../input';

const n = (x: number): string => x.toLocaleString('en-US');

const USAGE = [
  'citecheck caselaw download [--dry-run] [--reporters F.3d,U.S.] [--courts ca9,scotus] [--with-cap] [--with-opinions] [--dir PATH] [--index PATH] [--keep-downloads] [--bucket-url URL] [--cap-url URL]',
  '    the newest CourtListener bulk snapshot into the local index; --with-cap (formerly --with-page-ranges) adds the',
  "    Caselaw Access Project's list of every case of every volume it has, the evidence a \"not found\" can rest on;",
  "    --with-opinions adds the opinions file (tens of GB): each case's opinion text, which quotations are checked against",
  'citecheck caselaw import <files or folder> [--authoritative] [--reporters ...] [--courts ...] [--with-cap] [--cap-url URL] [--index PATH]',
  '    the same from CourtListener bulk CSVs already on disk (.csv or .csv.bz2; an opinions-* file among them adds the texts)',
  'citecheck caselaw coverage [--reporter F.3d] [--index PATH]',
  '    what the index holds, and per reporter which volumes a verdict can rest on which evidence',
].join('\n');

export const caselawCommand: Command = {
  name: 'caselaw',
  usage: 'caselaw download | import <files or folder> | coverage',
  summary: "build the local case-law index from CourtListener's bulk data; show what it covers",
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help') || rest.includes('-h')) {
      io.out(`Usage:\n${USAGE.split('\n').map((l) => `  ${l}`).join('\n')}`);
      return sub === undefined ? 2 : 0;
    }
    if (sub === 'import') return importCommand(rest, io);
    if (sub === 'download') return downloadCommand(rest, io);
    if (sub === 'coverage') return coverageCommand(rest, io);
    throw new Error(`expected 'caselaw download', 'caselaw import' or 'caselaw coverage', got '${sub}'\n${USAGE.split('\n').map((l) => `  ${l}`).join('\n')}`);
  },
};

const list = (v: string | undefined): string[] | undefined => (v ? v.split(',').map((x) => x.trim()).filter(Boolean) : undefined);

async function importCommand(args: string[], io: CliIO): Promise<number> {
  const { positional, flags, values } = parseArgs(args, ['index', 'reporters', 'courts', 'cap-url']);
  if (positional.length === 0) throw new Error('expected the bulk files or a folder holding them');
  const missing = positional.filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`no such file or folder: ${missing.join(', ')}`);
  const withCap = flags.has('with-cap') || flags.has('with-page-ranges');
  const report = await importBulkData(positional, {
    indexPath: values.get('index') ?? process.env.CASELAW_INDEX_PATH,
    authoritative: flags.has('authoritative'),
    reporters: list(values.get('reporters')),
    courts: list(values.get('courts')),
    onProgress: (p) => (io.isTTY ? io.progress(renderImportProgress(p)) : undefined),
    cap: withCap ? { url: values.get('cap-url') ?? CAP_STATIC_URL, onProgress: capProgress(io) } : undefined,
  });
  if (io.isTTY) io.progress('');
  for (const file of report.files) {
    io.out(`${file.file}: ${n(file.inserted)} rows imported, ${file.duplicates} duplicates and ${file.corrupt} corrupt rows skipped${file.filtered ? `, ${n(file.filtered)} left out` : ''}`);
  }
  for (const skipped of report.skipped) io.out(`${skipped}: not a CourtListener bulk file, skipped`);
  io.out(summary(report));
  if (report.cap) printCap(report.cap, io);
  return 0;
}

function summary(report: ImportReport): string {
  const c = report.coverage;
  const texts = report.files.reduce((t, f) => (f.texts ? { opinions: t.opinions + f.texts.opinions, chars: t.chars + f.texts.chars, bytes: t.bytes + f.texts.bytes } : t), { opinions: 0, chars: 0, bytes: 0 });
  const textLine = report.files.some((f) => f.kind === 'opinions')
    ? `opinion text: ${n(c.casesWithText)} cases (${n(texts.opinions)} opinions, ${formatBytes(texts.bytes)} stored for ${formatBytes(texts.chars)} of text)\n`
    : '';
  return (
    textLine +
    `index ${report.indexPath} (${report.description}): ${n(report.totals.inserted)} rows; ` +
    `${n(c.clusters)} cases for the name search, ${n(c.cases)} with a citation in ${n(c.volumes)} volumes of ${n(c.reporters)} reporters; ` +
    `${n(report.rowsPerSecond)} rows/s, ${(report.elapsedMs / 1000).toFixed(1)} s`
  );
}

function printCap(r: CapReport, io: CliIO): void {
  io.out(`Caselaw Access Project: ${n(r.cases)} cases in ${n(r.volumesFound)} of ${n(r.volumes)} volumes of ${n(r.reporters)} reporters${r.failed ? `; ${n(r.failed)} lists could not be read, and no evidence rests on those volumes` : ''}`);
  for (const f of r.failures) io.out(`  ${f.volume}: not read (${f.reason})`);
}

function capProgress(io: CliIO): (done: number, total: number, cases: number) => void {
  return (done, total, cases) => {
    const line = `Caselaw Access Project: ${n(done)} of ${n(total)} volumes, ${n(cases)} cases`;
    if (io.isTTY) io.progress(line);
    else if (done === total || done % 1000 === 0) io.out(line);
  };
}

async function downloadCommand(args: string[], io: CliIO): Promise<number> {
  const { positional, flags, values } = parseArgs(args, ['index', 'dir', 'reporters', 'courts', 'bucket-url', 'cap-url']);
  if (positional.length) throw new Error(`unexpected argument '${positional[0]}' (download takes only flags)`);
  const indexPath = values.get('index') ?? process.env.CASELAW_INDEX_PATH ?? defaultIndexPath();
  const bucketUrl = values.get('bucket-url') ?? COURTLISTENER_BUCKET_URL;
  const result = await downloadSnapshot({
    bucketUrl,
    capUrl: values.get('cap-url') ?? CAP_STATIC_URL,
    indexPath,
    dir: values.get('dir'),
    dryRun: flags.has('dry-run'),
    reporters: list(values.get('reporters')),
    courts: list(values.get('courts')),
    withCap: flags.has('with-cap') || flags.has('with-page-ranges'),
    withOpinions: flags.has('with-opinions'),
    keepDownloads: flags.has('keep-downloads'),
    onEvent: progressPrinter(io),
  }).catch((err: Error) => {
    // Offline, behind a firewall, or a mistyped --bucket-url: say what to do about it.
    if (err instanceof BucketError && /^Cannot list /.test(err.message)) {
      throw new Error(
        `${err.message}.\n  Check the network connection (the bucket is ${COURTLISTENER_BUCKET_URL}), point --bucket-url at a mirror of it,\n` +
          '  or, with the bulk files already on disk: citecheck caselaw import <folder> --authoritative',
      );
    }
    throw err;
  });
  if (io.isTTY) io.progress('');
  if (result.dryRun) {
    printDryRun(result, bucketUrl, io);
    return 0;
  }
  io.out(summary(result.import!));
  if (result.cap) printCap(result.cap, io);
  return 0;
}

function printDryRun(result: DownloadResult, bucketUrl: string, io: CliIO): void {
  io.out(`CourtListener bulk data of ${result.snapshot.date} (${bucketUrl}/bulk-data/)`);
  const width = Math.max(...result.files.map((f) => f.name.length));
  for (const f of result.files) {
    const have = f.onDisk === f.size ? '  (already downloaded)' : f.onDisk > 0 ? `  (${formatBytes(f.onDisk)} already downloaded)` : '';
    io.out(`  ${f.name.padEnd(width)}  ${formatBytes(f.size).padStart(9)}${have}`);
  }
  io.out(`  ${'total'.padEnd(width)}  ${formatBytes(result.snapshot.totalBytes).padStart(9)}; ${formatBytes(result.remainingBytes)} still to download`);
  io.out(`disk: needs about ${formatBytes(result.needBytes)} (downloads and the index); ${formatBytes(result.freeBytes)} free in ${result.dir}`);
  io.out('dry run: nothing downloaded');
}

/**
 * On a terminal, one line redrawn in place; piped, plain lines: each file's start and end,
 * every tenth of a file, and the import's phases, so a log stays readable.
 */
function progressPrinter(io: CliIO): (e: DownloadEvent) => void {
  let decile = -1;
  let lastImportLine = 0;
  let phase = '';
  return (e) => {
    if (e.type === 'snapshot') {
      io.out(`CourtListener bulk data of ${e.snapshot.date}: ${e.snapshot.files.length} files, ${formatBytes(e.snapshot.totalBytes)}`);
    } else if (e.type === 'file-start') {
      decile = -1;
      if (io.isTTY) return;
      if (e.onDisk >= e.file.size) io.out(`${e.file.name}: already downloaded`);
      else io.out(`${e.file.name}: ${e.onDisk > 0 ? `resuming at ${formatBytes(e.onDisk)} of` : 'downloading'} ${formatBytes(e.file.size)}`);
    } else if (e.type === 'bytes') {
      if (io.isTTY) return io.progress(renderDownloadProgress(e.progress));
      const d = Math.floor((10 * e.progress.fileBytes) / Math.max(1, e.progress.fileSize));
      if (d > decile && d < 10) {
        decile = d;
        if (d > 0) io.out(renderDownloadProgress(e.progress));
      }
    } else if (e.type === 'retry') {
      const line = `${e.file.name}: connection lost at ${formatBytes(e.bytesOnDisk)} (${e.reason}); resuming (attempt ${e.attempt + 1})`;
      if (io.isTTY) io.progress(line);
      else io.out(line);
    } else if (e.type === 'file-done') {
      if (!io.isTTY) io.out(`${e.file.name}: done`);
    } else if (e.type === 'import') {
      if (io.isTTY) return io.progress(renderImportProgress(e.progress));
      const now = Date.now();
      if (e.progress.phase !== phase || now - lastImportLine > 10_000) {
        phase = e.progress.phase;
        lastImportLine = now;
        if (phase !== 'done') io.out(renderImportProgress(e.progress));
      }
    } else if (e.type === 'cap') {
      capProgress(io)(e.done, e.total, e.cases);
    }
  };
}

async function coverageCommand(args: string[], io: CliIO): Promise<number> {
  const { positional, values } = parseArgs(args, ['index', 'reporter']);
  if (positional.length) throw new Error(`unexpected argument '${positional[0]}'`);
  const index = LocalCitationIndex.open(values.get('index') ?? process.env.CASELAW_INDEX_PATH ?? defaultIndexPath());
  try {
    const info = index.info;
    const coverage = index.coverage();
    io.out(`source: ${info.description}${info.authoritative ? ' (authoritative: a citation is reported not found when the evidence below shows it)' : ' (a sample: a citation it lacks is never reported not found)'}`);
    io.out(`snapshot: ${info.snapshotDate ?? 'date unknown'}; imported ${info.importedAt ?? 'at an unknown time'}; index ${info.path}`);
    io.out(
      info.casesWithText > 0
        ? `opinion text: ${n(info.casesWithText)} cases (quotations in a brief are checked against it)`
        : 'opinion text: none (citecheck caselaw download --with-opinions): quotations are checked only through the CourtListener API',
    );
    io.out(`name search: ${n(info.clusters)} cases, with or without a citation${info.clustersComplete ? '' : ' (only those of the reporters imported: a name it lacks proves nothing)'}`);
    io.out(
      info.cap.cases > 0
        ? `Caselaw Access Project: ${n(info.cap.cases)} cases in ${n(info.cap.volumes)} volume lists (${info.cap.source ?? 'source unknown'})`
        : 'Caselaw Access Project: not imported (citecheck caselaw download --with-cap): no volume rests on a list of its cases',
    );
    const only = values.get('reporter');
    if (only) {
      const entry = coverage.find((c) => c.reporter === only) ?? coverage.find((c) => c.reporter.replace(/\s/g, '') === only.replace(/\s/g, ''));
      if (!entry) {
        io.out(`${only}: no cases in this index (a citation in it is unverified, not in the local data)`);
        return 0;
      }
      io.out(`${entry.reporter}: ${n(entry.cases)} cases in ${n(entry.volumes.length)} volumes${entry.note ? ` (${entry.note})` : ''}`);
      io.out('volume  cases  CAP list  a miss rests on');
      for (const v of entry.volumes) io.out(`${String(v.volume).padStart(6)}  ${n(v.cases).padStart(5)}  ${(v.capCases === null ? '-' : n(v.capCases)).padStart(8)}  ${evidenceOf(v)}`);
      return 0;
    }
    io.out('');
    for (const line of formatCoverage(coverage).split('\n')) io.out(line);
    const volumes = coverage.flatMap((r) => r.volumes);
    io.out(
      `${n(coverage.length)} reporters, ${n(volumes.length)} volumes (${n(volumes.filter((v) => v.capCases !== null).length)} with a CAP list, ${n(volumes.filter((v) => v.yearNumbered).length)} numbered by year), ${n(coverage.reduce((t, r) => t + r.cases, 0))} cases with a citation`,
    );
    io.out('A citation no case begins at is reported not found only on evidence: the CAP list of its volume, page ranges placing the page inside another case,');
    io.out('a volume past the newest for its year or holding other years, or a name search over every case finding none in that court and those years.');
    io.out('Elsewhere it stays unverified; numbers by year (Westlaw, Lexis, public-domain) are never reported not found.');
    return 0;
  } finally {
    index.close();
  }
}

/** What a miss in this volume can rest on, in a line. */
function evidenceOf(v: ReporterCoverage['volumes'][number]): string {
  if (v.yearNumbered) return 'nothing: numbers by year are never held completely';
  if (v.capCases !== null) return "the Caselaw Access Project's list, page ranges, the name search";
  return 'the name search and the volume facts (no list of its cases)';
}

/** One line per reporter: cases, volumes, and which volumes rest on which evidence. */
export function formatCoverage(coverage: ReporterCoverage[]): string {
  const rows = coverage.map((r) => {
    const listed = r.volumes.filter((v) => v.capCases !== null && !v.yearNumbered).map((v) => v.volume);
    const searched = r.volumes.filter((v) => v.capCases === null && !v.yearNumbered).map((v) => v.volume);
    const byYear = r.volumes.filter((v) => v.yearNumbered).map((v) => v.volume);
    return [
      r.reporter,
      n(r.cases),
      n(r.volumes.length),
      volumeRanges(listed) || '-',
      volumeRanges(searched) || '-',
      (volumeRanges(byYear) || '-') + (r.note ? ` (never complete: ${r.note})` : ''),
    ];
  });
  const head = ['reporter', 'cases', 'volumes', 'CAP list', 'name search only', 'numbered by year'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 || i >= 3 ? c.padEnd(i === 5 ? 0 : widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** `[1, 2, 3, 7, 9, 10]` → `1-3, 7, 9-10`; text volumes (`1975-2`) listed as they are. */
export function volumeRanges(volumes: (number | string)[]): string {
  const out: string[] = [];
  for (let i = 0; i < volumes.length; ) {
    let j = i;
    while (j + 1 < volumes.length && typeof volumes[j] === 'number' && volumes[j + 1] === (volumes[j] as number) + 1) j++;
    out.push(j > i ? `${volumes[i]}-${volumes[j]}` : String(volumes[i]));
    i = j + 1;
  }
  return out.join(', ');
}

/**
 * `citecheck caselaw import | download | coverage`: build the local case-law index from
 * CourtListener's bulk data (files already on disk, or the newest snapshot from its public
 * bucket) and show what it covers.
 */
import {
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
import type { DownloadEvent, DownloadResult, ImportReport, ReporterCoverage } from '@citecheck/caselaw';
import type { Command } from '../commands';
import type { CliIO } from '../main';
import { parseArgs } from '../input';

const n = (x: number): string => x.toLocaleString('en-US');

export const caselawCommand: Command = {
  name: 'caselaw',
  usage: 'caselaw download | import <files or folder> | coverage',
  summary: "build the local case-law index from CourtListener's bulk data; show what it covers",
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub === 'import') return importCommand(rest, io);
    if (sub === 'download') return downloadCommand(rest, io);
    if (sub === 'coverage') return coverageCommand(rest, io);
    throw new Error(
      `expected 'caselaw download', 'caselaw import' or 'caselaw coverage', got '${sub ?? ''}'\n` +
        '  citecheck caselaw download [--dry-run] [--reporters F.3d,U.S.] [--courts ca9,scotus] [--with-page-ranges] [--dir PATH] [--index PATH] [--keep-downloads] [--bucket-url URL] [--cap-url URL]\n' +
        '  citecheck caselaw import <files or folder> [--authoritative] [--reporters ...] [--courts ...] [--index PATH]\n' +
        '  citecheck caselaw coverage [--reporter F.3d] [--index PATH]',
    );
  },
};

const list = (v: string | undefined): string[] | undefined => (v ? v.split(',').map((x) => x.trim()).filter(Boolean) : undefined);

async function importCommand(args: string[], io: CliIO): Promise<number> {
  const { positional, flags, values } = parseArgs(args, ['index', 'reporters', 'courts']);
  if (positional.length === 0) throw new Error('expected the bulk files or a folder holding them');
  const report = await importBulkData(positional, {
    indexPath: values.get('index') ?? process.env.CASELAW_INDEX_PATH,
    authoritative: flags.has('authoritative'),
    reporters: list(values.get('reporters')),
    courts: list(values.get('courts')),
    onProgress: (p) => (io.isTTY ? io.progress(renderImportProgress(p)) : undefined),
  });
  if (io.isTTY) io.progress('');
  for (const file of report.files) {
    io.out(`${file.file}: ${n(file.inserted)} rows imported, ${file.duplicates} duplicates and ${file.corrupt} corrupt rows skipped${file.filtered ? `, ${n(file.filtered)} left out` : ''}`);
  }
  for (const skipped of report.skipped) io.out(`${skipped}: not a CourtListener bulk file, skipped`);
  io.out(summary(report));
  return 0;
}

function summary(report: ImportReport): string {
  const c = report.coverage;
  return (
    `index ${report.indexPath} (${report.description}): ${n(report.totals.inserted)} rows; ` +
    `${n(c.completeVolumes)} of ${n(c.volumes)} volumes complete in ${n(c.reporters)} reporters; ` +
    `${n(report.rowsPerSecond)} rows/s, ${(report.elapsedMs / 1000).toFixed(1)} s`
  );
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
    withPageRanges: flags.has('with-page-ranges'),
    keepDownloads: flags.has('keep-downloads'),
    onEvent: progressPrinter(io),
  });
  if (io.isTTY) io.progress('');
  if (result.dryRun) {
    printDryRun(result, bucketUrl, io);
    return 0;
  }
  io.out(summary(result.import!));
  const r = result.pageRanges;
  if (r) {
    io.out(`page ranges: ${n(r.cases)} cases in ${n(r.volumesFound)} of ${n(r.volumes)} complete volumes (Caselaw Access Project; the others keep the approximate rule)`);
    for (const f of r.failures) io.out(`  ${f.volume}: page ranges not fetched (${f.reason})`);
  }
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
    } else if (e.type === 'page-ranges') {
      const line = `page ranges: ${n(e.done)} of ${n(e.total)} volumes, ${n(e.cases)} cases`;
      if (io.isTTY) io.progress(line);
      else if (e.done === e.total || e.done % 500 === 0) io.out(line);
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
    io.out(`source: ${info.description}${info.authoritative ? ' (authoritative: a citation missing from a complete volume is reported not found)' : ''}`);
    io.out(`snapshot: ${info.snapshotDate ?? 'date unknown'}; imported ${info.importedAt ?? 'at an unknown time'}; index ${info.path}`);
    io.out(
      info.pageRanges.cases > 0
        ? `page ranges: ${n(info.pageRanges.cases)} cases (${info.pageRanges.source ?? 'source unknown'})`
        : 'page ranges: none (a page inside a case is placed by the nearest earlier first page, approximately)',
    );
    const only = values.get('reporter');
    if (only) {
      const entry = coverage.find((c) => c.reporter === only) ?? coverage.find((c) => c.reporter.replace(/\s/g, '') === only.replace(/\s/g, ''));
      if (!entry) {
        io.out(`${only}: no cases in this index (a citation in it is unverified, not in the local data)`);
        return 0;
      }
      io.out(`${entry.reporter}: ${n(entry.cases)} cases in ${n(entry.volumes.length)} volumes${entry.note ? ` (${entry.note})` : ''}`);
      io.out('volume  cases  complete');
      for (const v of entry.volumes) io.out(`${String(v.volume).padStart(6)}  ${n(v.cases).padStart(5)}  ${v.complete ? 'yes' : 'no'}`);
      return 0;
    }
    io.out('');
    for (const line of formatCoverage(coverage).split('\n')) io.out(line);
    const totals = coverage.reduce((t, r) => ({ cases: t.cases + r.cases, volumes: t.volumes + r.volumes.length, complete: t.complete + r.volumes.filter((v) => v.complete).length }), { cases: 0, volumes: 0, complete: 0 });
    io.out(`${n(coverage.length)} reporters, ${n(totals.volumes)} volumes (${n(totals.complete)} complete), ${n(totals.cases)} cases`);
    io.out('A citation in a complete volume that starts no case is "not found"; anywhere else it stays unverified (not in the local data).');
    return 0;
  } finally {
    index.close();
  }
}

/** One line per reporter: cases, volumes, complete volumes, and the volumes held as ranges. */
export function formatCoverage(coverage: ReporterCoverage[]): string {
  const rows = coverage.map((r) => [r.reporter, n(r.cases), n(r.volumes.length), n(r.volumes.filter((v) => v.complete).length), volumeRanges(r.volumes.map((v) => v.volume)) + (r.note ? ` (never complete: ${r.note})` : '')]);
  const head = ['reporter', 'cases', 'volumes', 'complete', 'volumes held'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : i === 4 ? c : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** `[1, 2, 3, 7, 9, 10]` → `1-3, 7, 9-10`. */
export function volumeRanges(volumes: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < volumes.length; ) {
    let j = i;
    while (j + 1 < volumes.length && volumes[j + 1] === volumes[j] + 1) j++;
    out.push(j > i ? `${volumes[i]}-${volumes[j]}` : String(volumes[i]));
    i = j + 1;
  }
  return out.join(', ');
}

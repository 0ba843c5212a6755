import { importBulkData, renderImportProgress } from '@citecheck/caselaw';
import type { Command } from '../commands';
import { parseArgs } from '../input';

export const caselawCommand: Command = {
  name: 'caselaw',
  usage: 'caselaw import <files or folder> [--authoritative] [--index PATH]',
  summary: "build the local case-law index from CourtListener's bulk CSVs",
  async run(args, io) {
    const [sub, ...rest] = args;
    if (sub !== 'import') throw new Error(`expected 'caselaw import', got '${sub ?? ''}'`);
    const { positional, flags, values } = parseArgs(rest, ['index']);
    if (positional.length === 0) throw new Error('expected the bulk files or a folder holding them');
    const report = await importBulkData(positional, {
      indexPath: values.get('index') ?? process.env.CASELAW_INDEX_PATH,
      authoritative: flags.has('authoritative'),
      onProgress: (p) => (io.isTTY ? io.progress(renderImportProgress(p)) : undefined),
    });
    if (io.isTTY) io.progress('');
    for (const file of report.files) {
      io.out(`${file.file}: ${file.inserted.toLocaleString('en-US')} rows imported, ${file.duplicates} duplicates and ${file.corrupt} corrupt rows skipped`);
    }
    for (const skipped of report.skipped) io.out(`${skipped}: not a CourtListener bulk file, skipped`);
    io.out(
      `index ${report.indexPath} (${report.authoritative ? 'authoritative' : 'not authoritative'}): ${report.totals.inserted.toLocaleString('en-US')} rows, ` +
        `${report.rowsPerSecond.toLocaleString('en-US')} rows/s, ${(report.elapsedMs / 1000).toFixed(1)} s`,
    );
    return 0;
  },
};

import type { Citation, ValidationReport } from '@citecheck/proto/graphql/types';
import { checkedAgainstOf, courtListenerUrl, reportDetailText, STATUS_LABELS, statusOf, totalsOf } from '@/lib/citations';
import { isoDay } from '@/lib/dates';

export const CSV_COLUMNS = [
  'Citation Text',
  'Case Name',
  'Type',
  'Page',
  'Paragraph',
  'Status',
  'Confidence',
  'Court',
  'Year',
  'Validation Details',
  'CourtListener URL',
] as const;

/** RFC 4180 quoting; formula-looking cells are prefixed so spreadsheets do not execute them. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** SPEC section 9: citation-validation-report-{filename}-{date}.csv */
export function csvFileName(filename: string, date: Date): string {
  return `citation-validation-report-${filename}-${isoDay(date)}.csv`;
}

/**
 * Excel opens a CSV without a byte order mark in the system code page, so "§" reads "Â§";
 * the mark makes it read UTF-8 (other spreadsheets and parsers skip it).
 */
export const UTF8_BOM = '\uFEFF';

/** One row per citation, then the summary block (what the verdicts were checked against, totals, the accuracy rate to one decimal). */
export function buildCsvReport(citations: Citation[], report?: ValidationReport | null): string {
  const rows: unknown[][] = [[...CSV_COLUMNS]];
  for (const c of citations) {
    rows.push([
      c.text,
      c.caseName ?? c.courtListenerData?.caseName ?? '',
      c.type,
      c.page ?? '',
      c.paragraph ?? '',
      STATUS_LABELS[statusOf(c)],
      typeof c.confidence === 'number' ? `${c.confidence}%` : '',
      c.courtListenerData?.court ?? '',
      c.courtListenerData?.year ?? '',
      reportDetailText(c),
      courtListenerUrl(c.courtListenerData?.absoluteUrl) ?? '',
    ]);
  }
  const totals = totalsOf(citations, report);
  const precise = totals.total > 0 ? ((totals.valid / totals.total) * 100).toFixed(1) : '0.0';
  const sources = checkedAgainstOf(citations);
  rows.push(
    [],
    ['Summary'],
    // SPEC's columns stay as they are; what the verdicts rest on goes in the summary block.
    ...(sources.length ? [['Checked Against', sources.join('; ')]] : []),
    ['Total Citations', totals.total],
    ['Valid Citations', totals.valid],
    ['Invalid Citations', totals.invalid],
    ['Pending Citations', totals.pending],
    ['Accuracy Rate', `${precise}%`],
  );
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

import type { Citation, ValidationReport } from '@citecheck/proto/graphql/types';
import { checkedAgainstOf, courtListenerUrl, reportDetailText, statusLabel, totalsOf } from '@/lib/citations';
import { isoDay } from '@/lib/dates';
import { quotesCellText, quoteTotalsOf } from '@/lib/quotes';

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
  // After SPEC's columns: each quotation the brief attributes to the case, and what was found.
  'Quotations',
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

/**
 * One row per citation, then the summary block (what the verdicts were checked against,
 * totals, the accuracy rate to one decimal and what it is over).
 */
export function buildCsvReport(citations: Citation[], report?: ValidationReport | null): string {
  const rows: unknown[][] = [[...CSV_COLUMNS]];
  for (const c of citations) {
    rows.push([
      c.text,
      c.caseName ?? c.courtListenerData?.caseName ?? '',
      c.type,
      c.page ?? '',
      c.paragraph ?? '',
      // Valid, Invalid, or what a citation without a verdict is: 'Not checked (statute)', 'Not verified'.
      statusLabel(c),
      c.isValid !== null && c.isValid !== undefined && typeof c.confidence === 'number' ? `${c.confidence}%` : '',
      c.courtListenerData?.court ?? '',
      c.courtListenerData?.year ?? '',
      reportDetailText(c),
      courtListenerUrl(c.courtListenerData?.absoluteUrl) ?? '',
      quotesCellText(c.quotes),
    ]);
  }
  const totals = totalsOf(citations, report);
  // Valid over the citations that were checked, to one decimal (SPEC section 9's CSV precision).
  const precise = totals.checked > 0 ? `${((totals.valid / totals.checked) * 100).toFixed(1)}%` : '—';
  const sources = checkedAgainstOf(citations);
  const quotes = quoteTotalsOf(citations);
  rows.push(
    [],
    ['Summary'],
    // SPEC's columns stay as they are; what the verdicts rest on goes in the summary block.
    ...(sources.length ? [['Checked Against', sources.join('; ')]] : []),
    ['Total Citations', totals.total],
    ['Valid Citations', totals.valid],
    ['Invalid Citations', totals.invalid],
    ['Not Checked or Not Verified', totals.pending],
    ['Checked Citations', totals.checked],
    ['Accuracy Rate', precise],
    ['Accuracy Rate Basis', 'valid citations of those checked; statutes, regulations and cases not verified are not counted as failures'],
    ...(quotes.quotes > 0
      ? [
          ['Quotations', quotes.quotes],
          ['Altered Quotations', quotes.altered],
          ['Quotations Not Found', quotes.notFound],
          ['Quotations Not Checked', quotes.unchecked],
        ]
      : []),
  );
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

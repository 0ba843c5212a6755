/**
 * CSV for the admin's user download. Spreadsheet programs execute a cell that starts with
 * = + - @ (or a tab / carriage return before one), so such cells are prefixed with a quote
 * (OWASP "CSV injection"); then every cell is quoted with doubled inner quotes (RFC 4180).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

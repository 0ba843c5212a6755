/**
 * Calendar dates as the screens write them, in the reader's own time zone. Shared by the
 * features that show dates (admin console, billing) and the CSV export's file name, so the
 * 'MMM dd, yyyy' form of SPEC section 9 is written in one place.
 */

/** The months as the dates write them, 'Jan' to 'Dec'. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** SPEC's date format, 'MMM dd, yyyy' ('Dec 04, 2026'). */
export function formatMonthDayYear(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${pad(date.getDate())}, ${date.getFullYear()}`;
}

/** The local calendar day of `date` as YYYY-MM-DD (a file name's date, what a date input holds). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

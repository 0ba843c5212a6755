import { MONTHS } from '@/lib/dates';

/** A key's dates as the dashboard shows its documents' ('MMM d, yyyy'); 'Never' for a key never used. */
export function formatKeyDate(value: string | null | undefined): string {
  if (!value) return 'Never';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

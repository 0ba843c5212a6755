const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** SPEC's card date, 'MMM d, yyyy', in the reader's own time zone; '' for an unreadable date. */
export function formatUploadDate(value: string | number | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Accuracy as SPEC shows it on the card: a whole percent. */
export function formatAccuracy(rate: number | null | undefined): string {
  return `${Math.round(typeof rate === 'number' && Number.isFinite(rate) ? rate : 0)}%`;
}

/**
 * Uploaded filenames are shown back to people (dashboard, reports, CSV names) and stored, so
 * one written by an attacker must come out as a plain, short display name.
 */

const MAX_FILENAME_LENGTH = 255;
const FALLBACK_NAME = 'document';

/**
 * A safe display name: no directories (only the last path segment is kept), no control or
 * bidirectional-override characters, no HTML/markup characters, no leading dots, at most 255
 * characters with the extension kept.
 *
 * @example sanitizeFilename('../../etc/<b>brief</b>.pdf') // 'brief.pdf'
 */
export function sanitizeFilename(name: string): string {
  // Tags first (their `/` is not a directory), then both separators: a Windows client sends `C:\Users\x\brief.pdf`.
  const lastSegment = name.replace(/<[^>]*>/g, '').split(/[\\/]/).pop() ?? '';
  let safe = lastSegment
    .normalize('NFC')
    // Control characters, and the Unicode direction overrides used to disguise extensions.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    // Markup and characters that are unsafe in file systems, shells or CSV cells.
    .replace(/[<>:"|?*`$&;'{}]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading dots would make a hidden file or a `..`; leading = + - @ start a spreadsheet formula.
    .replace(/^[.=+\-@\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (safe.length > MAX_FILENAME_LENGTH) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    safe = safe.slice(0, MAX_FILENAME_LENGTH - extension.length).trimEnd() + extension;
  }
  return safe || FALLBACK_NAME;
}

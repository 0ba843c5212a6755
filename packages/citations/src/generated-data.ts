/**
 * Reads the generated reference data (`src/generated/*.ts`: JSON text, one record per line;
 * see scripts/generate-data.ts for why it is text and not object literals).
 */

/** The records of a generated block, in order. */
export function parseRecords<T>(block: string): T[] {
  // Each line becomes an array element: one replace, rather than splitting the block into
  // thousands of lines and joining them again (this runs at import, on every cold start).
  return JSON.parse(`[${block.trim().replaceAll('\n', ',')}]`) as T[];
}

/**
 * Reads the generated reference data (`src/generated/*.ts`: JSON text, one record per line;
 * see scripts/generate-data.ts for why it is text and not object literals).
 */

/** The records of a generated block, in order. */
export function parseRecords<T>(block: string): T[] {
  return JSON.parse(`[${block.trim().split('\n').join(',')}]`) as T[];
}

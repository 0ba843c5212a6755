/**
 * How much work one document may ask for, in one place: extraction enforces them, ingest
 * checks them when it accepts an upload, and the product's wording names the numbers from
 * here. They keep one upload from holding a reader or the validator for minutes or
 * exhausting memory (a 41 KB .docx can spell out 150,000 citations).
 */

/** Citations one document may have; a real brief has tens to a few hundred. */
export const MAX_CITATIONS_PER_DOCUMENT = 2_000;

/** Characters of text the citation count runs over at a time, so counting stays small in memory. */
export const CITATION_COUNT_BATCH_CHARS = 100_000;

/** What a document over the citation cap is told. */
export function tooManyCitationsMessage(limit = MAX_CITATIONS_PER_DOCUMENT): string {
  return `This document has more than ${limit.toLocaleString('en-US')} citations, more than we can check at once. Please split it into smaller files and upload them separately.`;
}

/**
 * How much work one document may ask for, in one place: extraction enforces them, ingest
 * checks them when it accepts an upload, and the product's wording names the numbers from
 * here. They keep one upload from holding a reader or the validator for minutes or
 * exhausting memory (a 41 KB .docx can spell out 150,000 citations).
 */

/** Citations one document may have; a real brief has tens to a few hundred. */
export const MAX_CITATIONS_PER_DOCUMENT = 2_000;

/**
 * Characters of text the citation count runs over at a time, so counting stays small in
 * memory and each batch holds the event loop for tens of milliseconds at most (the count
 * yields between batches; 100,000 dense characters took 0.25-0.7 s in one go).
 */
export const CITATION_COUNT_BATCH_CHARS = 10_000;

/** What a document over the citation cap is told. */
export function tooManyCitationsMessage(limit = MAX_CITATIONS_PER_DOCUMENT): string {
  return `This document has more than ${limit.toLocaleString('en-US')} citations, more than we can check at once. Please split it into smaller files and upload them separately.`;
}

/**
 * Scanned pages read by OCR per document, by plan. OCR costs seconds a page on a shared pool,
 * so a free account cannot hold a reader for minutes with a 2,000-page scan; the page cap of
 * the reader itself (2,000) is the enterprise bound.
 */
export const OCR_PAGE_LIMITS = { free: 25, premium: 300, enterprise: 2_000 } as const;

export type OcrPlan = keyof typeof OCR_PAGE_LIMITS;

/** The OCR cap for a plan; an unknown plan (an event from before plans were sent) gets the free one. */
export function ocrPageLimit(plan: string | null | undefined): number {
  return plan && plan in OCR_PAGE_LIMITS ? OCR_PAGE_LIMITS[plan as OcrPlan] : OCR_PAGE_LIMITS.free;
}

/** What a document with more scanned pages than its plan allows is told. */
export function tooManyOcrPagesMessage(limit: number): string {
  return `This document has more than ${limit.toLocaleString('en-US')} scanned pages, more than your plan reads at once. Please split it into smaller files, or upload a copy with a text layer.`;
}

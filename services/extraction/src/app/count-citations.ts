/**
 * The citation cap, checked without stalling the server. Extraction runs on the event loop
 * every other request shares; counting a document's citations in one go (a 150,000-citation
 * .docx takes 0.25-0.7 s for its first 100,000 characters) held every other upload and page
 * that long. The count goes batch by batch and gives the loop a turn between batches.
 */
import { batchCitationCounts } from '../domain/extract';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function exceedsCitationLimitYielding(text: string, limit: number, batchChars: number, pause: () => Promise<void> = nextTurn): Promise<boolean> {
  let count = 0;
  for (const found of batchCitationCounts(text, batchChars)) {
    count += found;
    if (count > limit) return true;
    await pause();
  }
  return false;
}

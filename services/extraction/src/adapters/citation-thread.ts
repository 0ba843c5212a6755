/**
 * The citation finder's thread (citation-finder.ts has the parent side). Finding citations and
 * their contexts is CPU work that grows with what an uploader writes: on the event loop every
 * request shares, one crafted paragraph held every other user's requests for 17-25 s (issue 28,
 * finding 1). Here it holds only this thread, which the parent terminates when the document's
 * time budget runs out.
 *
 * Protocol: the parent sends `{ id, text, positions, limit, batchChars }`; the thread answers
 * `{ id, tooMany: true }` when the text holds more than `limit` citations (counted batch by
 * batch before the full pass, which holds every citation at once), else `{ id, citations }`,
 * or `{ id, error }` when the engine throws.
 */
import { parentPort } from 'node:worker_threads';
import type { Citation, DocumentPosition } from '@citecheck/citations';
import { exceedsCitationLimit, findDocumentCitations } from '../domain/extract';

export interface FindRequest {
  id: number;
  text: string;
  positions: DocumentPosition[];
  limit: number;
  batchChars: number;
}

export type FindAnswer = { id: number; tooMany: true } | { id: number; citations: Citation[] } | { id: number; error: string };

parentPort?.on('message', (request: FindRequest) => {
  let answer: FindAnswer;
  try {
    answer = exceedsCitationLimit(request.text, request.limit, request.batchChars)
      ? { id: request.id, tooMany: true }
      : { id: request.id, citations: findDocumentCitations({ text: request.text, positions: request.positions }) };
  } catch (error) {
    // The cause's name only: an engine error's message could quote the document.
    answer = { id: request.id, error: (error as Error)?.name ?? 'Error' };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });

/**
 * Runs the model over a document, chunk by chunk, and merges its findings. A failed call is
 * logged and skipped: the engine's citations stand without it.
 */
import type { Logger } from 'pino';
import type { Citation } from '@citecheck/citations';
import type { CitationInput } from '../domain/extract';
import { buildMessages, chunkText, mergeModelFindings, parseModelAnswer, type MergeResult, type ModelAnswer } from '../domain/model-pass';
import type { ModelClient } from '../adapters/model-client';

export interface ModelPassResult extends MergeResult {
  calls: number;
  tokens: number;
  failedCalls: number;
}

export async function runModelPass(
  client: ModelClient,
  input: CitationInput,
  engine: Citation[],
  options: { chunkChars: number; logger: Logger; onChunk?: (done: number, total: number) => Promise<void> | void },
): Promise<ModelPassResult> {
  const chunks = chunkText(input.text, options.chunkChars);
  const answers: ModelAnswer[] = [];
  let calls = 0;
  let tokens = 0;
  let failedCalls = 0;
  for (const [i, chunk] of chunks.entries()) {
    calls++;
    try {
      const reply = await client.complete(buildMessages(chunk, engine));
      tokens += reply.tokens;
      answers.push(parseModelAnswer(reply.content));
    } catch (error) {
      failedCalls++;
      options.logger.warn({ err: error, chunk: i }, 'language-model call failed; continuing with the engine findings');
    }
    await options.onChunk?.(i + 1, chunks.length);
  }
  return { ...mergeModelFindings(input, engine, answers), calls, tokens, failedCalls };
}

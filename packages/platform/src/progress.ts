/**
 * Publishes SPEC's progress messages (`pipeline.progress`) for one document, in order, for
 * every stage of the main flow. Progress is reported from synchronous callbacks (the reader's);
 * chaining the publishes keeps them in the order they were made, and `flush` waits for them
 * before the stage publishes its result.
 */
import type { Bus } from './ports';
import { createEvent, topics, type PipelineProgress } from '@citecheck/proto';

export type ProgressFields = Omit<PipelineProgress, 'sessionId'>;

export interface ProgressPublisher {
  emit(fields: ProgressFields): void;
  flush(): Promise<void>;
}

export function progressPublisher(bus: Bus, documentId: string, sessionId: string | null): ProgressPublisher {
  let chain: Promise<void> = Promise.resolve();
  let last = 0;
  return {
    emit(fields) {
      // No browser to tell (a CLI or a resumed job without a session): nothing to publish.
      if (!sessionId) return;
      // Progress never goes backwards on the user's bar.
      last = Math.max(last, fields.progress);
      const event = createEvent(topics['pipeline.progress'], { ...fields, progress: last, sessionId }, documentId);
      chain = chain.then(() => bus.publish(topics['pipeline.progress'], documentId, event));
    },
    flush: () => chain,
  };
}

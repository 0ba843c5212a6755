/**
 * Upload calls waiting for their document's verdicts. The bus consumer settles them in
 * process the moment the outcome is stored; a slow poll of the stored Document covers the
 * case where the consumer runs in another replica (distributed mode, several ingest pods).
 */
export type Outcome = { ok: true } | { ok: false; message: string; code: string };

export class Waiters {
  private readonly waiting = new Map<string, Set<(outcome: Outcome) => void>>();

  /** Resolves with the outcome, or with null after `timeoutMs`; `check` is polled every `pollMs`. */
  wait(documentId: string, timeoutMs: number, check: () => Promise<Outcome | null>, pollMs = 1000): Promise<Outcome | null> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: Outcome | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        const set = this.waiting.get(documentId);
        set?.delete(finish);
        if (set?.size === 0) this.waiting.delete(documentId);
        resolve(outcome);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      const poll = setInterval(() => {
        check().then((outcome) => outcome && finish(outcome), () => undefined);
      }, pollMs);
      let set = this.waiting.get(documentId);
      if (!set) this.waiting.set(documentId, (set = new Set()));
      set.add(finish);
    });
  }

  settle(documentId: string, outcome: Outcome): void {
    for (const finish of [...(this.waiting.get(documentId) ?? [])]) finish(outcome);
  }

  get size(): number {
    return this.waiting.size;
  }
}

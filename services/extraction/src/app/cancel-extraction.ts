/**
 * Stopping a document's read when its uploader cancels it. Reads in progress (or waiting for a
 * reader) are aborted; a cancel that arrives before the read starts is remembered, so the read
 * ends at once when it does. Per process: the cancel event is keyed by the document, so it
 * reaches the same consumer as the document's upload.
 */
export class Cancellations {
  private readonly running = new Map<string, AbortController>();
  private readonly early = new Set<string>();

  /** A signal for `documentId`'s read; already aborted when the cancel came first. */
  start(documentId: string): AbortController {
    const controller = new AbortController();
    if (this.early.delete(documentId)) controller.abort();
    this.running.set(documentId, controller);
    return controller;
  }

  finish(documentId: string): void {
    this.running.delete(documentId);
  }

  cancel(documentId: string): void {
    const controller = this.running.get(documentId);
    if (controller) controller.abort();
    else {
      // Bounded: an id cancelled but never read is forgotten after enough others.
      if (this.early.size > 10_000) this.early.clear();
      this.early.add(documentId);
    }
  }
}

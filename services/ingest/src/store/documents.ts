/**
 * Ingest's aggregates: the Document (with the pipeline stage it has reached, persisted at
 * every step so a restart can resume it), its read copy of the verdicts, the validation
 * report, and the running total behind the landing page's counter.
 */
import { DuplicateKeyError, type Collection, type Store } from '@citecheck/platform';
import type { ProcessingStats } from '@citecheck/proto';
import type { SpecCitation } from '@citecheck/proto';
import type { ReportTotals } from '../domain/report';

/**
 * received: file stored, `document.uploaded` not yet published; uploaded: published;
 * extracted: citations found; validated: verdicts in; failed: stopped with a user message.
 */
export type DocumentStage = 'received' | 'uploaded' | 'extracted' | 'validated' | 'failed';
export const UNFINISHED: DocumentStage[] = ['received', 'uploaded', 'extracted'];

export interface DocumentRecord {
  id: string;
  filename: string;
  fileType: 'pdf' | 'docx';
  size: number;
  blobKey: string;
  sessionId: string | null;
  userId: string;
  userEmail: string;
  userName: string;
  ipAddress: string | null;
  reservationId: string | null;
  uploadedAt: string;
  stage: DocumentStage;
  stageAt: string;
  failure: { message: string; code: string } | null;
  citationCount: number | null;
  stats: ProcessingStats | null;
  /** Set once the document's citations were added to the landing page's total. */
  counted: boolean;
  /** Set once a failed document's report reservation was given back. */
  released: boolean;
}

/** Ingest's read copy of a document's verdicts (validation owns them); newest event wins. */
export interface CitationsCopy {
  id: string; // documentId
  citations: SpecCitation[];
  eventAt: string;
}

export interface ReportRecord extends ReportTotals {
  id: string;
  documentId: string;
  userId: string;
  generatedAt: string;
  createdAt: string;
  /** Set once `report.generated` was published (re-tried on redelivery otherwise). */
  published: boolean;
}

interface Counter {
  id: string;
  value: number;
}

export class IngestStore {
  readonly documents: Collection<DocumentRecord>;
  readonly citations: Collection<CitationsCopy>;
  readonly reports: Collection<ReportRecord>;
  private readonly counters: Collection<Counter>;

  constructor(store: Store) {
    this.documents = store.collection<DocumentRecord>({ name: 'documents', indexes: [{ fields: ['userId'] }, { fields: ['stage'] }] });
    this.citations = store.collection<CitationsCopy>({ name: 'document_citations' });
    this.reports = store.collection<ReportRecord>({ name: 'reports', indexes: [{ fields: ['documentId'], unique: true }] });
    this.counters = store.collection<Counter>({ name: 'counters' });
  }

  /** Keeps the copy from the newest event (a redelivered older event must not undo a recheck). */
  async saveCitations(documentId: string, citations: SpecCitation[], eventAt: string): Promise<void> {
    const existing = await this.citations.get(documentId);
    if (!existing) {
      try {
        await this.citations.insert({ id: documentId, citations, eventAt });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    await this.citations.update(documentId, { $set: { citations, eventAt } }, { eventAt: { $lte: eventAt } });
  }

  async addToCounter(id: string, by: number): Promise<void> {
    if (await this.counters.update(id, { $inc: { value: by } })) return;
    try {
      await this.counters.insert({ id, value: by });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.counters.update(id, { $inc: { value: by } });
    }
  }

  async counter(id: string): Promise<number> {
    return (await this.counters.get(id))?.value ?? 0;
  }
}

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
  /** The uploader's plan when it was accepted: it bounds the OCR work (absent on older records). */
  userType?: 'free' | 'premium' | 'enterprise';
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
  /** The owner lets a shared report link download the annotated brief (absent: no). */
  annotatedShared?: boolean;
  /**
   * The annotated copy kept in blobs (beside the upload, `<blobKey>.annotated`) and the verdicts
   * it was made from (the citations copy's `eventAt`): a recheck makes it again.
   */
  annotated?: { blobKey: string; builtFrom: string } | null;
  /** Set once the uploaded file was deleted (UPLOAD_RETENTION_DAYS); the record and report stay. */
  fileDeleted?: boolean;
}

/** Ingest's read copy of a document's verdicts (validation owns them); newest event wins. */
export interface CitationsCopy {
  id: string; // documentId
  citations: SpecCitation[];
  eventAt: string;
  /**
   * Where each citation is in the text the reader made of the upload (by citation id), which an
   * annotated copy needs; absent on copies kept before annotated copies existed.
   */
  spans?: CitationSpan[];
}

export interface CitationSpan {
  id: string;
  start: number;
  end: number;
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

/**
 * Ingest's repositories in one place, with a method per thing the use cases do; the only
 * code in ingest that writes the store's query and update syntax. Stage changes are
 * conditional on the stage they leave, so a redelivered event changes nothing twice.
 */
export class IngestStore {
  private readonly documents: Collection<DocumentRecord>;
  private readonly citations: Collection<CitationsCopy>;
  private readonly reports: Collection<ReportRecord>;
  private readonly counters: Collection<Counter>;

  constructor(store: Store) {
    this.documents = store.collection<DocumentRecord>({ name: 'documents', indexes: [{ fields: ['userId'] }, { fields: ['stage'] }] });
    this.citations = store.collection<CitationsCopy>({ name: 'document_citations' });
    this.reports = store.collection<ReportRecord>({ name: 'reports', indexes: [{ fields: ['documentId'], unique: true }] });
    this.counters = store.collection<Counter>({ name: 'counters' });
  }

  // ---------------------------------------------------------------- documents

  document(id: string): Promise<DocumentRecord | null> {
    return this.documents.get(id);
  }

  async addDocument(document: DocumentRecord): Promise<void> {
    await this.documents.insert(document);
  }

  /** Every Document the pipeline has not finished, oldest first (start-up recovery). */
  unfinished(): Promise<DocumentRecord[]> {
    return this.documents.find({ stage: { $in: UNFINISHED } }, { sort: { uploadedAt: 1 } });
  }

  /** A user's finished Documents, newest first (the dashboard). */
  validatedDocumentsOf(userId: string): Promise<DocumentRecord[]> {
    return this.documents.find({ userId, stage: 'validated' }, { sort: { uploadedAt: -1 } });
  }

  /** Every Document of a user, whatever its stage (deleting the account). */
  documentsOf(userId: string): Promise<DocumentRecord[]> {
    return this.documents.find({ userId });
  }

  /** Finished Documents uploaded before `before` whose file is still stored (UPLOAD_RETENTION_DAYS). */
  filesUploadedBefore(before: string): Promise<DocumentRecord[]> {
    return this.documents.find({ uploadedAt: { $lt: before }, stage: { $in: ['validated', 'failed'] }, fileDeleted: { $ne: true } });
  }

  /** The uploaded file is gone; the Document and its report stay. */
  async markFileDeleted(id: string): Promise<void> {
    await this.documents.update(id, { $set: { fileDeleted: true } });
  }

  /** The Document, its read copy of the verdicts and its report go (its account was deleted). */
  async forgetDocument(id: string): Promise<void> {
    await this.reports.deleteMany({ documentId: id });
    await this.citations.deleteMany({ id });
    await this.documents.deleteMany({ id });
  }

  /** Every Document, newest first (the admin's list). */
  allDocuments(): Promise<DocumentRecord[]> {
    return this.documents.find({}, { sort: { uploadedAt: -1 } });
  }

  /** `document.uploaded` went out: received -> uploaded. */
  async markUploaded(id: string, at: Date): Promise<void> {
    await this.documents.update(id, { $set: { stage: 'uploaded', stageAt: at.toISOString() } }, { stage: 'received' });
  }

  /** Citations found: received or uploaded -> extracted. */
  async markExtracted(id: string, at: Date): Promise<void> {
    await this.documents.update(id, { $set: { stage: 'extracted', stageAt: at.toISOString() } }, { stage: { $in: ['received', 'uploaded'] } });
  }

  /** Verdicts in: any unfinished stage -> validated. The updated Document, or null when it had already finished. */
  markValidated(id: string, at: Date, citationCount: number, stats: ProcessingStats): Promise<DocumentRecord | null> {
    return this.documents.update(id, { $set: { stage: 'validated', stageAt: at.toISOString(), citationCount, stats } }, { stage: { $in: UNFINISHED } });
  }

  /** The pipeline gave up: any unfinished stage -> failed, with the user's message. */
  async markFailed(id: string, at: Date, failure: { message: string; code: string }): Promise<void> {
    await this.documents.update(id, { $set: { stage: 'failed', stageAt: at.toISOString(), failure } }, { stage: { $in: UNFINISHED } });
  }

  /** Nothing reached the pipeline: failed, and its report already given back. */
  async failBeforePipeline(id: string, failure: { message: string; code: string }): Promise<void> {
    await this.documents.update(id, { $set: { stage: 'failed', failure, released: true } });
  }

  /** A failed Document's report reservation was given back. */
  async markReleased(id: string): Promise<void> {
    await this.documents.update(id, { $set: { released: true } });
  }

  /** True for the one caller that marks the Document counted (its citations go into the total once). */
  async markCounted(id: string): Promise<boolean> {
    return (await this.documents.update(id, { $set: { counted: true } }, { counted: false })) !== null;
  }

  // ---------------------------------------------------------------- citations (read copy)

  citationsOf(documentId: string): Promise<CitationsCopy | null> {
    return this.citations.get(documentId);
  }

  /** Keeps the copy from the newest event (a redelivered older event must not undo a recheck). */
  async saveCitations(documentId: string, citations: SpecCitation[], eventAt: string, spans?: CitationSpan[]): Promise<void> {
    const existing = await this.citations.get(documentId);
    const fields = spans ? { citations, eventAt, spans } : { citations, eventAt };
    if (!existing) {
      try {
        await this.citations.insert({ id: documentId, ...fields });
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    await this.citations.update(documentId, { $set: fields }, { eventAt: { $lte: eventAt } });
  }

  // ---------------------------------------------------------------- annotated brief

  /** The owner's choice: may a shared report link download the annotated brief. The updated Document. */
  setAnnotatedShared(id: string, shared: boolean): Promise<DocumentRecord | null> {
    return this.documents.update(id, { $set: { annotatedShared: shared } });
  }

  /** The annotated copy now kept for the verdicts of `builtFrom`. */
  async markAnnotated(id: string, annotated: { blobKey: string; builtFrom: string }): Promise<void> {
    await this.documents.update(id, { $set: { annotated } });
  }

  // ---------------------------------------------------------------- reports

  report(id: string): Promise<ReportRecord | null> {
    return this.reports.get(id);
  }

  reportOfDocument(documentId: string): Promise<ReportRecord | null> {
    return this.reports.findOne({ documentId });
  }

  reportsOf(userId: string): Promise<ReportRecord[]> {
    return this.reports.find({ userId });
  }

  /** Every report (the admin's document list). */
  allReports(): Promise<ReportRecord[]> {
    return this.reports.find({});
  }

  /** Stores a Document's report; when another caller stored one first (the unique index decides), that one. */
  async addReport(candidate: ReportRecord): Promise<ReportRecord> {
    try {
      return await this.reports.insert(candidate);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return (await this.reports.findOne({ documentId: candidate.documentId }))!;
    }
  }

  /** `report.generated` went out. */
  markReportPublished(id: string): Promise<ReportRecord | null> {
    return this.reports.update(id, { $set: { published: true } });
  }

  // ---------------------------------------------------------------- counters

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

/** The public shapes of a read document. */
import type { PageItems } from './layout';

export type ParagraphKind = 'body' | 'footnote' | 'endnote';

export interface Paragraph {
  /** 0-based, in reading order across the whole document (not restarted per page). */
  index: number;
  text: string;
  kind: ParagraphKind;
  /**
   * Set off from the body text by its left indent (.docx: a left indent past the body's, or a
   * quotation style; PDF: every line inset from the page's left margin): a block quotation.
   */
  indented?: true;
}

export interface Page {
  /**
   * 1-based page number for PDFs. A .docx has pages only where it breaks them explicitly
   * (then its notes follow the body as pages of their own, numbered by their references); a
   * .docx without explicit breaks, or a .txt, comes back as one page whose number is null.
   */
  number: number | null;
  paragraphs: Paragraph[];
}

/** Something the reader worked around; the document was still read. */
export interface ReadWarning {
  code: 'ocr-empty-page' | 'image-too-large' | 'page-unreadable' | 'xml-entity-ignored';
  message: string;
  page: number | null;
}

export type FileType = 'pdf' | 'docx' | 'txt';

export interface ReadDocument {
  fileType: FileType;
  pages: Page[];
  /** True when at least one page was read by OCR (SPEC.md processingStats.ocrUsed). */
  ocrUsed: boolean;
  /** 1-based numbers of the pages read by OCR. */
  ocrPages: number[];
  warnings: ReadWarning[];
  /**
   * PDFs read with `layout: true`: each page's positioned text as it was laid out (text-layer
   * items in points, OCR words in pixels of the rendered page; `width`/`height` in the same
   * units), so a citation's offsets can be mapped back to the page (text-map.ts).
   */
  layout?: PageLayout[];
}

/** One PDF page's positioned text, top-left origin, y the baseline. */
export type PageLayout = PageItems;

/**
 * Progress of a read. The first three fields are SPEC.md's `ocrProgress` message as is; the
 * page counts let a CLI draw a bar (see renderProgressBar).
 */
export interface ReadProgress {
  isActive: boolean;
  /** 0-100. */
  progress: number;
  message: string;
  pagesRead: number;
  totalPages: number;
  /** Pages that need (or needed) OCR so far. */
  ocrPages: number;
}

/**
 * The memory of the thread that read a document, when it finished (read or refused): its own
 * V8 heap and the buffers it holds. Unlike the process's RSS, no other work in the process
 * (another document, another test file) counts towards it.
 */
export interface ReaderMemory {
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
}

export interface ReadOptions {
  /** The uploaded name; only used to allow `.txt` (when accepted) and never trusted for the type. */
  filename?: string;
  onProgress?: (progress: ReadProgress) => void;
  /**
   * Called once the reading thread has finished the document, with that thread's memory. Not
   * called for a document refused before it reached a thread (by size or type) or whose thread died.
   */
  onReaderMemory?: (memory: ReaderMemory) => void;
  /** Time budget for the whole document, counted from the call (waiting for a free worker included); default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Types to accept. Default `['pdf', 'docx']` (SPEC.md's upload rule); the CLI adds `'txt'`.
   */
  accept?: FileType[];
  /** Keep each PDF page's positioned text in the answer (`layout`), for annotating the document. */
  layout?: boolean;
  /** Pages that may go to OCR; one more ends the read with `too-many-ocr-pages`. Default: no cap. */
  maxOcrPages?: number;
  /** The message for `too-many-ocr-pages` (the caller knows the plan behind the cap). */
  tooManyOcrPagesMessage?: string;
  /**
   * Who the document belongs to (a user id, or the client's IP when there is none). Waiting
   * documents are started owner by owner, and scanned pages are recognised owner by owner, so
   * one owner's long scans never hold every read or OCR worker while others wait.
   */
  owner?: string;
}

import { readFile } from 'node:fs/promises';
import type { ReadDocument } from '@citecheck/reading';
import { toCitationInput } from '@citecheck/reading/citation-input';
import { readText } from '@citecheck/reading/text';
import type { DocumentPosition } from '@citecheck/citations';
import type { CliIO } from './io';

export interface DocumentInput {
  document: ReadDocument;
  text: string;
  positions: DocumentPosition[];
  /** Paragraphs the reader saw indented (block quotations), as offsets in `text`. */
  blocks: { start: number; end: number }[];
  /** The file's bytes as read (what an annotated copy is made from). */
  bytes: Buffer;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads a .pdf, .docx or .txt file (or `-` for text on standard input) through the same
 * reader the extraction service uses, drawing a progress bar on a terminal only.
 */
export async function readInput(file: string, io: CliIO, options: { layout?: boolean } = {}): Promise<DocumentInput> {
  const buffer = file === '-' ? await readStdin() : await readFile(file).catch((err: NodeJS.ErrnoException) => {
    // Said as a person would, not as the system call's ENOENT.
    if (err.code === 'ENOENT') throw new Error(`no such file: ${file}`);
    if (err.code === 'EISDIR') throw new Error(`${file} is a folder; give a .pdf, .docx or .txt file`);
    if (err.code === 'EACCES') throw new Error(`cannot read ${file}: permission denied`);
    throw err;
  });
  // Plain text needs none of the PDF, Word or OCR machinery (nor its start-up time).
  if (file === '-' || /\.txt$/i.test(file)) {
    const document = readText(buffer);
    return { document, ...toCitationInput(document), bytes: buffer };
  }
  const { closeReader, readDocument, renderProgressBar } = await import('@citecheck/reading');
  try {
    const document = await readDocument(buffer, {
      filename: file === '-' ? 'stdin.txt' : file,
      accept: ['pdf', 'docx', 'txt'],
      // A PDF's page positions, for an annotated copy.
      layout: options.layout,
      onProgress: io.isTTY
        ? (p) => io.progress(`${renderProgressBar(p)}${p.ocrPages > 0 ? `  OCR: ${p.message}` : ''}`)
        : undefined,
    });
    if (io.isTTY) io.progress('');
    return { document, ...toCitationInput(document), bytes: buffer };
  } finally {
    // The OCR worker pool would otherwise keep a one-shot command alive.
    await closeReader();
  }
}

/** Splits `--flag`, `--key value` and positional arguments. */
export function parseArgs(args: string[], valued: string[] = []): { positional: string[]; flags: Set<string>; values: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--') && arg.length > 2) {
      const [name, inline] = arg.slice(2).split('=', 2);
      if (valued.includes(name)) {
        const value = inline ?? args[++i];
        if (value === undefined) throw new Error(`--${name} needs a value`);
        values.set(name, value);
      } else flags.add(name);
    } else positional.push(arg);
  }
  return { positional, flags, values };
}

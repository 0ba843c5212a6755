/**
 * File type by content. Names and declared MIME types are chosen by whoever uploads, so they
 * decide nothing here: a PDF is whatever starts with a PDF header, a .docx is a ZIP whose
 * central directory lists the two parts every Word document has.
 */
import type { FileType } from './types';

const PDF_MAGIC = Buffer.from('%PDF-');
/** pdf.js (like Acrobat) accepts a header anywhere in the first kilobyte, after junk. */
const PDF_HEADER_WINDOW = 1024;

const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_CENTRAL_DIR = 0x06054b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;

/**
 * What a buffer holds, judged by content: `pdf`, `docx`, `txt` (valid UTF-8 without control
 * bytes), or null for anything else.
 *
 * @example detectFileType(fs.readFileSync('brief.pdf')) // 'pdf'
 */
export function detectFileType(buffer: Uint8Array): FileType | null {
  const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (bytes.length === 0) return null;
  if (bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF_MAGIC) !== -1) return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER) {
    const names = zipEntryNames(bytes);
    return names && names.has('[Content_Types].xml') && names.has('word/document.xml') ? 'docx' : null;
  }
  return looksLikeText(bytes) ? 'txt' : null;
}

/**
 * Names in a ZIP's central directory, or null when there is no readable one. Only what type
 * detection needs: the real inspection (sizes, inflation caps) is in docx.ts, with yauzl.
 */
export function zipEntryNames(bytes: Buffer): Set<string> | null {
  // The end-of-central-directory record sits in the last 22 + 65535 (comment) bytes.
  const searchFrom = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= searchFrom; i--) {
    if (bytes.readUInt32LE(i) === ZIP_END_OF_CENTRAL_DIR) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const names = new Set<string>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ZIP_CENTRAL_HEADER) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.add(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** UTF-8 that decodes cleanly and has no control bytes other than tab, newline, CR and form feed. */
function looksLikeText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

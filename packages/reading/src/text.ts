/** Plain text, for the CLI: paragraphs are separated by blank lines; there are no pages. */
import { DocumentError } from './errors';
import { joinLines } from './layout';
import type { ReadDocument } from './types';

export const TEXT_LIMITS = { maxParagraphs: 50_000 };

export function readText(data: Uint8Array, limits = TEXT_LIMITS): ReadDocument {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8').replace(/^\uFEFF/, '');
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  const paragraphs = [];
  for (const block of blocks) {
    const joined = joinLines(block.split('\n'));
    if (joined === '') continue;
    if (paragraphs.length >= limits.maxParagraphs) throw new DocumentError('too-many-paragraphs');
    paragraphs.push({ index: paragraphs.length, text: joined, kind: 'body' as const });
  }
  return { fileType: 'txt', pages: [{ number: null, paragraphs }], ocrUsed: false, ocrPages: [], warnings: [] };
}

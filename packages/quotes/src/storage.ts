/**
 * The stored form of an opinion's text: its page labels and footnotes as varints, then the
 * text, the whole compressed with Brotli (node:zlib: computation, not I/O). Offsets are
 * delta-coded, so the page map costs a few bytes per page; the text is most of it.
 *
 * Layout: 'Q' 'T' version(1) | brotli( varint series count, each citationIndex+1 (0: none);
 * varint mark count, each offset delta, series, label; varint footnote count, each start
 * delta, length, refOffset+1, label; then the text, UTF-8, to the end ).
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { OpinionText } from './types';

const MAGIC0 = 0x51; // Q
const MAGIC1 = 0x54; // T
const VERSION = 1;

/**
 * Brotli quality used by default. On the labelled set's opinions (scripts/bench/quotes.ts)
 * quality 6 stores 29.7% of the text at 34 MB/s of CPU; 9 saves 0.2% more at a tenth of
 * the speed, 11 saves 4% at a fiftieth: too slow for a bulk import of every opinion.
 */
export const DEFAULT_QUALITY = 6;

class Writer {
  private buf = new Uint8Array(1024);
  length = 0;
  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  varint(v: number): void {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`not a non-negative integer: ${v}`);
    this.room(8);
    while (v >= 0x80) {
      this.buf[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.length++] = v;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  string(s: string): void {
    const b = encoder.encode(s);
    this.varint(b.length);
    this.bytes(b);
  }
  done(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

class Reader {
  pos = 0;
  constructor(private readonly buf: Uint8Array) {}
  varint(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= this.buf.length) throw new StoredOpinionError('truncated');
      const b = this.buf[this.pos++];
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 128;
      if (scale > 2 ** 49) throw new StoredOpinionError('bad varint');
    }
  }
  string(): string {
    const n = this.varint();
    if (this.pos + n > this.buf.length) throw new StoredOpinionError('truncated');
    const s = decoder.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }
  rest(): string {
    return decoder.decode(this.buf.subarray(this.pos));
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Bytes that are not a stored opinion (another format, truncated, corrupted). */
export class StoredOpinionError extends Error {
  override name = 'StoredOpinionError';
  constructor(detail: string) {
    super(`Not a stored opinion text: ${detail}`);
  }
}

/**
 * The stored form of an opinion text.
 * @example const bytes = encodeOpinionText(parseOpinionMarkup(html)); decodeOpinionText(bytes) // the same OpinionText
 */
export function encodeOpinionText(opinion: OpinionText, options: { quality?: number } = {}): Uint8Array {
  const w = new Writer();
  w.varint(opinion.series.length);
  for (const s of opinion.series) w.varint(s.citationIndex === null ? 0 : s.citationIndex + 1);
  w.varint(opinion.marks.length);
  let prev = 0;
  for (const m of opinion.marks) {
    if (m.offset < prev) throw new RangeError('page marks must be in text order');
    w.varint(m.offset - prev);
    prev = m.offset;
    w.varint(m.series);
    w.string(m.label);
  }
  w.varint(opinion.footnotes.length);
  prev = 0;
  for (const f of opinion.footnotes) {
    if (f.start < prev) throw new RangeError('footnotes must be in text order');
    w.varint(f.start - prev);
    w.varint(f.end - f.start);
    w.varint(f.refOffset + 1);
    w.string(f.label);
    prev = f.start;
  }
  w.bytes(encoder.encode(opinion.text));
  const payload = w.done();
  const packed = brotliCompressSync(payload, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: options.quality ?? DEFAULT_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
    },
  });
  const out = new Uint8Array(3 + packed.length);
  out[0] = MAGIC0;
  out[1] = MAGIC1;
  out[2] = VERSION;
  out.set(packed, 3);
  return out;
}

/**
 * The opinion text from its stored form.
 * @throws StoredOpinionError when the bytes are not one
 */
export function decodeOpinionText(bytes: Uint8Array): OpinionText {
  if (bytes.length < 3 || bytes[0] !== MAGIC0 || bytes[1] !== MAGIC1) throw new StoredOpinionError('no header');
  if (bytes[2] !== VERSION) throw new StoredOpinionError(`version ${bytes[2]}`);
  let payload: Uint8Array;
  try {
    payload = brotliDecompressSync(bytes.subarray(3));
  } catch (err) {
    throw new StoredOpinionError((err as Error).message);
  }
  const r = new Reader(payload);
  try {
    const seriesCount = r.varint();
    const series = [];
    for (let i = 0; i < seriesCount; i++) {
      const v = r.varint();
      series.push({ citationIndex: v === 0 ? null : v - 1 });
    }
    const markCount = r.varint();
    const marks = [];
    let offset = 0;
    for (let i = 0; i < markCount; i++) {
      offset += r.varint();
      const s = r.varint();
      if (s >= seriesCount) throw new StoredOpinionError('page label of no series');
      marks.push({ offset, series: s, label: r.string() });
    }
    const noteCount = r.varint();
    const footnotes = [];
    let start = 0;
    for (let i = 0; i < noteCount; i++) {
      start += r.varint();
      const end = start + r.varint();
      const refOffset = r.varint() - 1;
      footnotes.push({ start, end, refOffset, label: r.string() });
    }
    const text = r.rest();
    const inText = (o: number) => o >= 0 && o <= text.length;
    if (!marks.every((m) => inText(m.offset)) || !footnotes.every((f) => inText(f.end) && f.refOffset <= text.length)) {
      throw new StoredOpinionError('offset past the text');
    }
    return { text, marks, series, footnotes };
  } catch (err) {
    if (err instanceof StoredOpinionError) throw err;
    throw new StoredOpinionError((err as Error).message);
  }
}

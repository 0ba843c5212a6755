/**
 * A streaming reader for CourtListener's bulk CSVs.
 *
 * The files come from PostgreSQL `COPY ... WITH (FORMAT csv, ESCAPE '\', HEADER)`: a header
 * row, every field quoted, a quote inside a field written `\"` and a backslash `\\`, and long
 * text fields (opinion clusters carry syllabi and headnotes) spanning lines. Generic CSV
 * libraries handle that but cost several times our SQLite insert rate at 18 million rows, so
 * this reader is a small state machine that jumps with indexOf and only builds a string per
 * field. RFC 4180 doubled quotes (`""`) are accepted too, so hand-written fixtures work.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { basename } from 'node:path';

const QUOTE = 34; // "
const BACKSLASH = 92;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Incremental parser: push text, get back every row completed so far. */
export class CsvParser {
  private buf = '';

  push(text: string): string[][] {
    // `a + b` makes a V8 rope, on which every charCodeAt walks the rope: one explicit flat
    // copy per chunk halves the parse time.
    this.buf = this.buf.length ? flatten(this.buf + text) : text;
    const rows: string[][] = [];
    const consumed = this.parse(rows, false);
    this.buf = this.buf.slice(consumed);
    return rows;
  }

  /** Flushes a last row that lacks its final newline. */
  end(): string[][] {
    const rows: string[][] = [];
    const consumed = this.parse(rows, true);
    if (consumed < this.buf.length) throw new CsvError('unterminated quoted field at end of file');
    this.buf = '';
    return rows;
  }

  /** Parses whole rows from `buf`; returns how many characters they used. */
  private parse(rows: string[][], atEnd: boolean): number {
    const s = this.buf;
    const n = s.length;
    let rowStart = 0;
    let pos = 0;
    let row: string[] = [];
    while (pos < n) {
      let field: string;
      const c = s.charCodeAt(pos);
      if (c === QUOTE) {
        // Quoted field: scan to the closing quote, unescaping \" \\ and "" on the way. A plain
        // charCodeAt loop: String#indexOf turned out to degrade badly on some V8 string shapes.
        let i = pos + 1;
        let pieces: string[] | null = null;
        let pieceStart = i;
        let close = -1;
        while (i < n) {
          const d = s.charCodeAt(i);
          if (d === BACKSLASH) {
            if (i + 1 >= n) break; // need the escaped character
            const next = s.charCodeAt(i + 1);
            if (next === QUOTE || next === BACKSLASH) {
              (pieces ??= []).push(s.slice(pieceStart, i), s[i + 1]);
              pieceStart = i + 2;
            }
            i += 2;
          } else if (d === QUOTE) {
            if (i + 1 >= n && !atEnd) break; // cannot tell `"` from `""` yet
            if (i + 1 < n && s.charCodeAt(i + 1) === QUOTE) {
              (pieces ??= []).push(s.slice(pieceStart, i), '"');
              pieceStart = i + 2;
              i += 2;
            } else {
              close = i;
              break;
            }
          } else i++;
        }
        if (close === -1) {
          if (atEnd) throw new CsvError('unterminated quoted field at end of file');
          return rowStart; // the field continues in the next chunk
        }
        field = pieces ? pieces.join('') + s.slice(pieceStart, close) : s.slice(pieceStart, close);
        pos = close + 1;
      } else {
        // Unquoted field (empty, or a file from another tool): runs to the next comma or EOL.
        let i = pos;
        while (i < n) {
          const d = s.charCodeAt(i);
          if (d === COMMA || d === LF || d === CR) break;
          i++;
        }
        if (i >= n && !atEnd) return rowStart;
        field = s.slice(pos, i);
        pos = i;
      }
      row.push(field);
      if (pos >= n) {
        if (!atEnd) return rowStart;
        rows.push(row);
        return n;
      }
      const sep = s.charCodeAt(pos);
      if (sep === COMMA) {
        pos++;
        // A trailing comma before end-of-line means one more empty field.
        if (pos >= n && !atEnd) return rowStart;
        const after = pos < n ? s.charCodeAt(pos) : LF;
        if (after === LF || after === CR) row.push('');
        else continue;
      }
      // End of row: accept \n, \r\n and \r.
      let eol = pos;
      if (eol < n && s.charCodeAt(eol) === CR) eol++;
      if (eol < n && s.charCodeAt(eol) === LF) eol++;
      else if (eol === pos && eol < n) {
        throw new CsvError(`unexpected character after a quoted field: ${JSON.stringify(s.slice(pos, pos + 20))}`);
      }
      if (eol >= n && s.charCodeAt(n - 1) === CR && !atEnd) return rowStart; // \r may be half of \r\n
      rows.push(row);
      row = [];
      pos = eol;
      rowStart = pos;
    }
    return rowStart;
  }
}

function flatten(s: string): string {
  return Buffer.from(s, 'utf16le').toString('utf16le');
}

export class CsvError extends Error {
  override name = 'CsvError';
}

/** A `.bz2` input that bzip2 refused: not bzip2 at all, truncated, or damaged. */
export class Bzip2Error extends Error {
  override name = 'Bzip2Error';
  constructor(
    message: string,
    /** The file that could not be decoded. */
    readonly path: string,
  ) {
    super(message);
  }
}

/**
 * The native bzip2 decoder to spawn: lbzip2 decodes on every core, bzip2 on one. Both come
 * from Debian packages that the project's CI script and Dockerfile install.
 */
export function bzip2Decoder(): string | null {
  const dirs = ['/usr/bin', '/bin', '/usr/local/bin'];
  for (const name of ['lbzip2', 'bzip2']) {
    const found = dirs.map((d) => `${d}/${name}`).find((p) => existsSync(p));
    if (found) return found;
  }
  return null;
}

/** Decompressed text of a plain or `.bz2` file, chunk by chunk. */
export async function* openText(path: string): AsyncGenerator<string> {
  if (!path.endsWith('.bz2')) {
    yield* createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>;
    return;
  }
  // A native decoder in a child process: several times faster than any JavaScript decoder,
  // and it runs on the other core while this one parses and inserts.
  const decoder = bzip2Decoder();
  if (!decoder) throw new Bzip2Error(`cannot read ${basename(path)}: no bzip2 decoder installed (apt-get install lbzip2 bzip2)`, path);
  const child = spawn(decoder, ['-dc', path], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number>((resolve) => {
    child.on('error', (err) => {
      stderr += err.message;
      resolve(-1);
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
  child.stdout.setEncoding('utf8');
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<string>) yield chunk;
    finished = true;
  } finally {
    if (!finished && child.exitCode === null) child.kill();
  }
  // The end of the decoded stream is not the verdict on the file: a damaged block or a
  // truncated file shows only in the decoder's exit status, which must not be missed.
  const code = await exited;
  if (code !== 0) {
    const why = stderr.trim().split('\n').filter((l) => l && !/^\s*$/.test(l)).slice(0, 2).join(' ') || `exit ${code}`;
    throw new Bzip2Error(`${basename(path)} is not a valid bzip2 file, or is damaged or truncated (${why})`, path);
  }
}

export interface CsvBatch {
  /** Column positions by header name. */
  columns: Map<string, number>;
  rows: string[][];
  /** Characters read so far in this file (for progress). */
  charsRead: number;
}

/**
 * Reads a CSV file in batches of rows. The first row is the header; columns are found by
 * name because CourtListener's column order changes between snapshots.
 */
export async function* readCsv(path: string): AsyncGenerator<CsvBatch> {
  const parser = new CsvParser();
  let columns: Map<string, number> | null = null;
  let charsRead = 0;
  const take = (rows: string[][]): string[][] => {
    if (!columns && rows.length) {
      const header = rows.shift()!;
      columns = new Map(header.map((name, i) => [name.trim().replace(/^\uFEFF/, ''), i]));
    }
    return rows;
  };
  for await (const chunk of openText(path)) {
    charsRead += chunk.length;
    const rows = take(parser.push(chunk));
    if (rows.length) yield { columns: columns!, rows, charsRead };
  }
  const rest = take(parser.end());
  if (rest.length) yield { columns: columns!, rows: rest, charsRead };
}

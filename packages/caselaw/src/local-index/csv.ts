/**
 * A streaming reader for CourtListener's bulk CSVs.
 *
 * The files come from PostgreSQL `COPY ... TO STDOUT WITH (FORMAT csv, ENCODING utf8, HEADER,
 * ESCAPE '\', FORCE_QUOTE *)` (freelawproject/courtlistener, scripts/make_bulk_data.sh): a
 * header row of bare column names, every non-null field quoted, a NULL written as nothing
 * between two commas, a quote inside a field written `\"` and a backslash `\\`, and long text
 * fields (opinion clusters carry syllabi and headnotes) spanning lines. Files published before
 * 2025-01-24 were written with `QUOTE '`'` and no escape option instead: every field between
 * backticks, a backtick inside one doubled, quotes and backslashes as they are. The dialect is
 * told from the first data row (`detectDialect`). Generic CSV libraries handle these but cost
 * several times our SQLite insert rate at 18 million rows, so this reader is a small state
 * machine that only builds a string per field. RFC 4180 doubled quotes (`""`) are accepted too,
 * so hand-written fixtures work.
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { basename } from 'node:path';

const DOUBLE_QUOTE = 34; // "
const BACKTICK = 96; // `
const BACKSLASH = 92;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The two quoting styles of CourtListener's files: `quote` (`"`, with `\` escaping a quote or a
 * backslash: since 2025-01-24) and `backtick` (`` ` ``, doubled inside a field, no escape
 * character: the files before).
 */
export type CsvDialect = 'quote' | 'backtick';

/**
 * The dialect of a file from its beginning: the header row holds bare column names in both, so
 * the first character of the first data row tells them apart. Null while the text seen so far
 * ends before that character (or the file has no data row).
 * @example detectDialect('id,volume\n`1`,`550`\n') // 'backtick'
 */
export function detectDialect(start: string): CsvDialect | null {
  // The header may be quoted by hand-written files: skip it as a CSV row, not as a line.
  let i = 0;
  let quoted = false;
  for (; i < start.length; i++) {
    const c = start.charCodeAt(i);
    if (c === DOUBLE_QUOTE || c === BACKTICK) quoted = !quoted;
    else if (c === LF && !quoted) break;
  }
  if (i + 1 >= start.length) return null;
  return start.charCodeAt(i + 1) === BACKTICK ? 'backtick' : 'quote';
}

/** Incremental parser: push text, get back every row completed so far. */
export class CsvParser {
  private buf = '';
  private readonly quote: number;
  /** `\"` and `\\` are escapes (the quote dialect); in the backtick one a backslash is itself. */
  private readonly backslashEscapes: boolean;

  constructor(dialect: CsvDialect = 'quote') {
    this.quote = dialect === 'backtick' ? BACKTICK : DOUBLE_QUOTE;
    this.backslashEscapes = dialect === 'quote';
  }

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
    const QUOTE = this.quote;
    const escapes = this.backslashEscapes;
    const quoteChar = String.fromCharCode(QUOTE);
    let rowStart = 0;
    let pos = 0;
    let row: string[] = [];
    while (pos < n) {
      let field: string;
      const c = s.charCodeAt(pos);
      if (c === QUOTE) {
        // Quoted field: scan to the closing quote, unescaping \" \\ and "" (or ``) on the way. A
        // plain charCodeAt loop: String#indexOf turned out to degrade badly on some V8 string shapes.
        let i = pos + 1;
        let pieces: string[] | null = null;
        let pieceStart = i;
        let close = -1;
        while (i < n) {
          const d = s.charCodeAt(i);
          if (d === BACKSLASH && escapes) {
            if (i + 1 >= n) break; // need the escaped character
            const next = s.charCodeAt(i + 1);
            if (next === DOUBLE_QUOTE || next === BACKSLASH) {
              (pieces ??= []).push(s.slice(pieceStart, i), s[i + 1]);
              pieceStart = i + 2;
            }
            i += 2;
          } else if (d === QUOTE) {
            if (i + 1 >= n && !atEnd) break; // cannot tell `"` from `""` yet
            if (i + 1 < n && s.charCodeAt(i + 1) === QUOTE) {
              (pieces ??= []).push(s.slice(pieceStart, i), quoteChar);
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
  let parser: CsvParser | null = null;
  let head = '';
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
    let text = chunk;
    if (!parser) {
      // The dialect shows in the first data row; hold the text back until it is in.
      head += chunk;
      const dialect = detectDialect(head);
      if (dialect === null && head.length < 1 << 24) continue;
      parser = new CsvParser(dialect ?? 'quote');
      text = head;
      head = '';
    }
    const rows = take(parser.push(text));
    if (rows.length) yield { columns: columns!, rows, charsRead };
  }
  parser ??= new CsvParser(detectDialect(`${head}\n`) ?? 'quote');
  const rest = take([...(head ? parser.push(head) : []), ...parser.end()]);
  if (rest.length) yield { columns: columns!, rows: rest, charsRead };
}

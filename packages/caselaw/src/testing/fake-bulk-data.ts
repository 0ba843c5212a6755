/**
 * A local stand-in for the two public sites `citecheck caselaw download` reads, speaking
 * their real protocols: an S3 bucket (ListObjectsV2 XML with prefix, max-keys and
 * continuation tokens; object GETs with `Range: bytes=N-` answered 206 + Content-Range, 416
 * past the end) and a static file host (the Caselaw Access Project's
 * `/{reporter_slug}/{volume}/CasesMetadata.json`). It can drop a connection mid-body once, as
 * a flaky network does, and logs every request so tests can see what was asked.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  range: string | null;
}

export class FakeBulkData {
  readonly objects = new Map<string, Buffer>();
  readonly requests: FakeRequest[] = [];
  /** Keys whose next GET sends only this many body bytes, then drops the connection. */
  private readonly drops = new Map<string, number>();
  private readonly stalls = new Map<string, number>();
  private server: Server | null = null;
  url = '';

  constructor(
    objects: Record<string, Buffer | string> = {},
    private readonly options: { pageSize?: number; bucket?: string } = {},
  ) {
    for (const [k, v] of Object.entries(objects)) this.put(k, v);
  }

  put(key: string, body: Buffer | string): void {
    this.objects.set(key, Buffer.isBuffer(body) ? body : Buffer.from(body));
  }

  /** The next GET of `key` breaks off after `bytes` bytes of body. */
  dropOnce(key: string, bytes: number): void {
    this.drops.set(key, bytes);
  }

  /** The next GET of `key` sends `bytes` bytes of body, then nothing more, keeping the connection open. */
  stallOnce(key: string, bytes: number): void {
    this.stalls.set(key, bytes);
  }

  /** Object GETs (not listings) made so far. */
  objectGets(): FakeRequest[] {
    return this.requests.filter((r) => r.path !== '/');
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const u = new URL(req.url ?? '/', 'http://x');
    const query = Object.fromEntries(u.searchParams);
    this.requests.push({ method: req.method ?? 'GET', path: u.pathname, query, range: (req.headers.range as string | undefined) ?? null });
    if (u.pathname === '/') return this.list(query, res);
    const key = decodeURIComponent(u.pathname.slice(1));
    const body = this.objects.get(key);
    if (!body) return xml(res, 404, `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${esc(key)}</Key></Error>`);
    let start = 0;
    let end = body.length - 1;
    let status = 200;
    const range = req.headers.range;
    if (range) {
      const m = /^bytes=(\d+)-(\d*)$/.exec(range);
      if (!m || Number(m[1]) >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` });
        return void res.end();
      }
      start = Number(m[1]);
      end = m[2] ? Math.min(Number(m[2]), body.length - 1) : body.length - 1;
      status = 206;
    }
    const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream', 'content-length': end - start + 1, 'accept-ranges': 'bytes', etag: '"fake"' };
    if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    const drop = this.drops.get(key);
    if (drop !== undefined) {
      this.drops.delete(key);
      // Headers promise the whole body; part of it arrives, then the connection dies.
      res.write(body.subarray(start, Math.min(end + 1, start + drop)), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    const stall = this.stalls.get(key);
    if (stall !== undefined) {
      this.stalls.delete(key);
      res.write(body.subarray(start, Math.min(end + 1, start + stall))); // and never ends
      return;
    }
    res.end(body.subarray(start, end + 1));
  }

  private list(query: Record<string, string>, res: ServerResponse): void {
    if (query['list-type'] !== '2') return xml(res, 400, '<Error><Code>InvalidArgument</Code><Message>this fake speaks ListObjectsV2 only</Message></Error>');
    const prefix = query.prefix ?? '';
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    const pageSize = Math.min(Number(query['max-keys'] ?? 1000), this.options.pageSize ?? 1000);
    const from = query['continuation-token'] ? Number(Buffer.from(query['continuation-token'], 'base64').toString()) : 0;
    const page = keys.slice(from, from + pageSize);
    const truncated = from + pageSize < keys.length;
    const contents = page
      .map((k) => `<Contents><Key>${esc(k)}</Key><LastModified>2026-11-01T04:00:00.000Z</LastModified><ETag>&quot;fake&quot;</ETag><Size>${this.objects.get(k)!.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
      .join('');
    xml(
      res,
      200,
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${this.options.bucket ?? 'com-courtlistener-storage'}</Name><Prefix>${esc(prefix)}</Prefix>` +
        (query['continuation-token'] ? `<ContinuationToken>${esc(query['continuation-token'])}</ContinuationToken>` : '') +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${Buffer.from(String(from + pageSize)).toString('base64')}</NextContinuationToken>` : '') +
        `${contents}</ListBucketResult>`,
    );
  }
}

function xml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(body);
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A value of a bulk table as PostgreSQL prints it (`null`: SQL NULL). */
export type PgValue = string | number | boolean | null;

/**
 * A table the way CourtListener's bulk files are written, byte for byte: PostgreSQL's `COPY
 * ... TO STDOUT WITH (FORMAT csv, ENCODING utf8, HEADER, ESCAPE '\', FORCE_QUOTE *)`
 * (`dialect: 'quote'`, files since 2025-01-24) or `... QUOTE '`', FORCE_QUOTE *)` (`'backtick'`,
 * the files before). As PostgreSQL's CopyAttributeOutCSV writes it: the header's column names
 * bare, every non-null value quoted, the quote and escape characters inside a value preceded by
 * the escape character (in the backtick dialect the quote is its own escape: doubled), NULL as
 * nothing at all, booleans `t` / `f`, rows ended by `\n`. `fixtures/postgres-copy/` holds the
 * output of PostgreSQL 15 itself for tricky values, and a test holds this function to it.
 */
export function pgCopyCsv(header: string[], rows: PgValue[][], dialect: 'quote' | 'backtick' = 'quote'): string {
  const quote = dialect === 'quote' ? '"' : '`';
  const escape = dialect === 'quote' ? '\\' : '`';
  const special = dialect === 'quote' ? /["\\]/g : /`/g;
  const cell = (v: PgValue): string => {
    if (v === null) return '';
    const text = typeof v === 'boolean' ? (v ? 't' : 'f') : String(v);
    return quote + text.replace(special, (ch) => escape + ch) + quote;
  };
  // A column name needs quotes only when it holds a delimiter, quote, escape or line break; ours never do.
  let out = header.join(',') + '\n';
  for (const r of rows) out += r.map(cell).join(',') + '\n';
  return out;
}

/** A CSV the way CourtListener's bulk files are written (see pgCopyCsv); empty strings stay empty strings, not NULL. */
export function bulkCsv(header: string[], rows: (string | number)[][]): string {
  return pgCopyCsv(header, rows);
}

/** bzip2-compressed bytes, by the system's bzip2 (as CourtListener's files are made). */
export function bzip2(text: string): Buffer {
  return execFileSync('bzip2', ['-c'], { input: text, maxBuffer: 1 << 30 });
}

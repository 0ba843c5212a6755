/**
 * A fake CourtListener for tests: an HTTP server on 127.0.0.1 (port 0) implementing the
 * citation-lookup v4 shapes and limits (token required → 401; text over 64,000 characters →
 * 400; citations past the 250th → per-citation 429; over the configured citations-per-minute
 * → HTTP 429 with `wait_until`), and serving clusters, dockets, courts and opinions from an
 * in-memory case list. It finds citations in `text` written as "volume reporter page"
 * (separated by anything), which is what our client sends, not in free prose. Its opinion
 * search (`GET /api/rest/v4/search/?type=o`) takes `case_name` (words joined by `OR`, matched
 * as whole words, case-insensitively, as CourtListener's full-text search does for plain words),
 * `court` (ids separated by spaces), `filed_after` / `filed_before` (YYYY-MM-DD) and answers
 * v4's shape: `count`, `next` (a cursor URL when more than 20 results), `results` with
 * `cluster_id`, `caseName`, `court_id`, `court_citation_string`, `dateFiled`, `citation`,
 * `absolute_url`. A case listed with no citations is found by the search, never by citation
 * lookup, as CourtListener's clusters without citation rows are.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalReporter, findReporter } from '../engine';

export interface FakeCase {
  clusterId: number;
  caseName: string;
  caseNameShort?: string;
  dateFiled: string;
  docketId: number;
  court: { id: string; citationString: string; fullName: string };
  /** `550 U.S. 544`, parallels included. */
  citations: string[];
  /** Opinions of the cluster; default one plain-text opinion naming the case. */
  opinions?: FakeOpinion[];
  /**
   * The citation lookup finds the cluster but `GET /clusters/<id>/` answers 404, as it does for
   * a cluster CourtListener merged into another or withdrew after the lookup was indexed.
   */
  clusterGone?: boolean;
}

/** An opinion as the API serves it: its type (`020lead`, `040dissent`) and text fields (the rest empty). */
export interface FakeOpinion {
  id: number;
  type?: string;
  plain_text?: string;
  html_with_citations?: string;
  html?: string;
  html_lawbox?: string;
  xml_harvard?: string;
}

export interface FakeOptions {
  token?: string;
  /** Throttle: citations allowed per window (default: unlimited). */
  citationsPerWindow?: number;
  windowMs?: number;
  maxTextChars?: number;
  maxCitationsPerRequest?: number;
}

export interface FakeRequestLog {
  method: string;
  path: string;
  status: number;
  citations: number;
}

const CITE = /(\d+)\s+([A-Z][A-Za-z0-9.'() ]*?)\s+(\d+(?:-[A-Z])?)(?![\w])/g;

export class FakeCourtListener {
  readonly requests: FakeRequestLog[] = [];
  private server: Server | null = null;
  private readonly byCitation = new Map<string, FakeCase[]>();
  private readonly byCluster = new Map<number, FakeCase>();
  private readonly opinionById = new Map<number, FakeOpinion>();
  private readonly window: number[] = [];
  private failures: { count: number; status: number } = { count: 0, status: 500 };
  readonly options: Required<FakeOptions>;

  constructor(cases: FakeCase[], options: FakeOptions = {}) {
    this.options = {
      token: options.token ?? 'test-token',
      citationsPerWindow: options.citationsPerWindow ?? Number.POSITIVE_INFINITY,
      windowMs: options.windowMs ?? 60_000,
      maxTextChars: options.maxTextChars ?? 64_000,
      maxCitationsPerRequest: options.maxCitationsPerRequest ?? 250,
    };
    let opinionId = 1_000_000;
    for (const c of cases) {
      this.byCluster.set(c.clusterId, c);
      for (const cite of c.citations) {
        const key = normalize(cite);
        this.byCitation.set(key, [...(this.byCitation.get(key) ?? []), c]);
      }
      const ops = c.opinions ?? [{ id: opinionId++, plain_text: `${c.caseName}\n\nOpinion of the court.` }];
      c.opinions = ops;
      for (const op of ops) this.opinionById.set(op.id, op);
    }
  }

  /** The next `count` requests fail with `status` (default 500): for retry tests. */
  failNext(count: number, status = 500): void {
    this.failures = { count, status };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => this.send(req, res, 500, { detail: err.message }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    const addr = this.server?.address() as AddressInfo | null;
    if (!addr) throw new Error('fake CourtListener is not started');
    return `http://127.0.0.1:${addr.port}`;
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.headers.authorization !== `Token ${this.options.token}`) {
      return this.send(req, res, 401, { detail: req.headers.authorization ? 'Invalid token.' : 'Authentication credentials were not provided.' });
    }
    if (this.failures.count > 0) {
      this.failures.count--;
      return this.send(req, res, this.failures.status, { detail: 'Server error' });
    }
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/api/rest/v4/citation-lookup/') return this.lookup(req, res);
    if (req.method !== 'GET') return this.send(req, res, 405, { detail: 'Method not allowed' });
    if (path === '/api/rest/v4/search/') return this.search(req, res);
    if ((m = /^\/api\/rest\/v4\/clusters\/(\d+)\/$/.exec(path))) {
      const c = this.byCluster.get(Number(m[1]));
      if (c?.clusterGone) return this.notFound(req, res);
      return c ? this.send(req, res, 200, { ...this.cluster(c), sub_opinions: c.opinions!.map((o) => `${this.url}/api/rest/v4/opinions/${o.id}/`) }) : this.notFound(req, res);
    }
    if ((m = /^\/api\/rest\/v4\/opinions\/(\d+)\/$/.exec(path))) {
      const o = this.opinionById.get(Number(m[1]));
      return o
        ? this.send(req, res, 200, { resource_uri: `${this.url}/api/rest/v4/opinions/${o.id}/`, type: '010combined', plain_text: '', html: '', html_lawbox: '', html_columbia: '', html_anon_2020: '', xml_harvard: '', html_with_citations: '', ...o })
        : this.notFound(req, res);
    }
    if ((m = /^\/api\/rest\/v4\/dockets\/(\d+)\/$/.exec(path))) {
      const c = [...this.byCluster.values()].find((k) => k.docketId === Number(m![1]));
      return c ? this.send(req, res, 200, { id: c.docketId, court_id: c.court.id, court: `${this.url}/api/rest/v4/courts/${c.court.id}/` }) : this.notFound(req, res);
    }
    if ((m = /^\/api\/rest\/v4\/courts\/([^/]+)\/$/.exec(path))) {
      const c = [...this.byCluster.values()].find((k) => k.court.id === m![1]);
      return c ? this.send(req, res, 200, { id: c.court.id, citation_string: c.court.citationString, full_name: c.court.fullName }) : this.notFound(req, res);
    }
    return this.notFound(req, res);
  }

  private async lookup(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const found: { volume: string; reporter: string; page: string; start: number; end: number; text: string }[] = [];
    const text = form.get('text');
    if (text !== null) {
      if (text.length > this.options.maxTextChars) {
        return this.send(req, res, 400, { text: [`Ensure this field has no more than ${this.options.maxTextChars} characters.`] });
      }
      for (const m of text.matchAll(CITE)) {
        found.push({ volume: m[1], reporter: m[2], page: m[3], start: m.index!, end: m.index! + m[0].length, text: m[0] });
      }
    } else if (form.get('volume') && form.get('reporter') && form.get('page')) {
      const t = `${form.get('volume')} ${form.get('reporter')} ${form.get('page')}`;
      found.push({ volume: form.get('volume')!, reporter: form.get('reporter')!, page: form.get('page')!, start: 0, end: t.length, text: t });
    } else {
      return this.send(req, res, 400, { detail: 'Provide either text or volume, reporter and page.' });
    }
    const counted = Math.min(found.length, this.options.maxCitationsPerRequest);
    const now = Date.now();
    while (this.window.length && this.window[0] <= now - this.options.windowMs) this.window.shift();
    if (counted && this.window.length + counted > this.options.citationsPerWindow) {
      const waitUntil = new Date((this.window[0] ?? now) + this.options.windowMs).toISOString();
      return this.send(req, res, 429, { wait_until: waitUntil }, counted);
    }
    for (let i = 0; i < counted; i++) this.window.push(now);
    const items = found.map((f, i) => {
      const base = { citation: f.text, start_index: f.start, end_index: f.end };
      if (i >= this.options.maxCitationsPerRequest) {
        return { ...base, normalized_citations: [], status: 429, error_message: 'Too many citations requested.', clusters: [] };
      }
      const entry = findReporter(f.reporter);
      if (!entry) return { ...base, normalized_citations: [], status: 400, error_message: `Unable to find reporter: ${f.reporter}`, clusters: [] };
      const key = normalize(`${f.volume} ${entry.canonical} ${f.page}`);
      const hits = this.byCitation.get(key) ?? [];
      const status = hits.length === 0 ? 404 : hits.length === 1 ? 200 : 300;
      return {
        ...base,
        normalized_citations: [key],
        status,
        error_message: status === 404 ? 'Citation not found.' : '',
        clusters: hits.map((c) => this.cluster(c)),
      };
    });
    this.send(req, res, 200, items, counted);
  }

  private search(req: IncomingMessage, res: ServerResponse): void {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    if ((q.get('type') ?? 'o') !== 'o') return this.send(req, res, 400, { detail: 'this fake searches opinions (type=o) only' });
    const words = (q.get('case_name') ?? '')
      .split(/\s+OR\s+/)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    const courts = new Set((q.get('court') ?? '').split(/\s+/).filter(Boolean));
    const after = q.get('filed_after');
    const before = q.get('filed_before');
    const hits = [...this.byCluster.values()].filter((c) => {
      const nameWords = new Set(`${c.caseName} ${c.caseNameShort ?? ''}`.toLowerCase().split(/[^a-z0-9']+/));
      if (words.length && !words.some((w) => nameWords.has(w))) return false;
      if (courts.size && !courts.has(c.court.id)) return false;
      if (after && c.dateFiled < after) return false;
      if (before && c.dateFiled > before) return false;
      return true;
    });
    const page = hits.slice(0, 20).map((c) => ({
      cluster_id: c.clusterId,
      caseName: c.caseName,
      caseNameFull: '',
      court_id: c.court.id,
      court: c.court.fullName,
      court_citation_string: c.court.citationString,
      dateFiled: c.dateFiled,
      citation: c.citations,
      absolute_url: `/opinion/${c.clusterId}/${slug(c.caseName)}/`,
    }));
    this.send(req, res, 200, { count: hits.length, next: hits.length > 20 ? `${this.url}/api/rest/v4/search/?cursor=x` : null, previous: null, results: page });
  }

  private cluster(c: FakeCase): Record<string, unknown> {
    return {
      resource_uri: `${this.url}/api/rest/v4/clusters/${c.clusterId}/`,
      id: c.clusterId,
      absolute_url: `/opinion/${c.clusterId}/${slug(c.caseName)}/`,
      case_name: c.caseName,
      case_name_short: c.caseNameShort ?? '',
      case_name_full: '',
      date_filed: c.dateFiled,
      docket: `${this.url}/api/rest/v4/dockets/${c.docketId}/`,
      docket_id: c.docketId,
      citations: c.citations.map((cite) => {
        const [volume, ...rest] = cite.split(' ');
        const page = rest.pop();
        return { volume: Number(volume), reporter: rest.join(' '), page };
      }),
    };
  }

  private notFound(req: IncomingMessage, res: ServerResponse): void {
    this.send(req, res, 404, { detail: 'No Cluster matches the given query.' });
  }

  private send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, citations = 0): void {
    this.requests.push({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://x').pathname, status, citations });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

function normalize(cite: string): string {
  const [volume, ...rest] = cite.trim().split(/\s+/);
  const page = rest.pop()!;
  return `${volume} ${canonicalReporter(rest.join(' '))} ${page}`;
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

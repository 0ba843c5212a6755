/**
 * CourtListener's public bulk-data bucket, read through S3's ListObjectsV2 API: list the
 * `bulk-data/` prefix page by page, then pick the newest date for which all four files the
 * index needs (courts, dockets, opinion clusters, citations) were published.
 */
import type { BulkFileKind } from '../local-index/import';

/** The public bucket (anonymous reads, us-west-2). */
export const COURTLISTENER_BUCKET_URL = 'https://com-courtlistener-storage.s3-us-west-2.amazonaws.com';
export const BULK_PREFIX = 'bulk-data/';

export interface BucketObject {
  key: string;
  size: number;
  lastModified: string | null;
}

export class BucketError extends Error {
  override name = 'BucketError';
}

/**
 * Every object under `prefix`, following continuation tokens.
 * @example await listBucket('https://com-courtlistener-storage.s3-us-west-2.amazonaws.com', 'bulk-data/')
 */
export async function listBucket(baseUrl: string, prefix = BULK_PREFIX, options: { maxPages?: number; timeoutMs?: number } = {}): Promise<BucketObject[]> {
  const objects: BucketObject[] = [];
  let token: string | null = null;
  for (let page = 0; page < (options.maxPages ?? 1000); page++) {
    const query = new URLSearchParams({ 'list-type': '2', prefix });
    if (token) query.set('continuation-token', token);
    const url = `${baseUrl.replace(/\/+$/, '')}/?${query}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
    } catch (err) {
      throw new BucketError(`Cannot list ${baseUrl} (${(err as Error).message})`);
    }
    const body = await res.text();
    if (!res.ok) throw new BucketError(`Listing ${baseUrl} failed: HTTP ${res.status} ${tag(body, 'Message') ?? ''}`.trim());
    const parsed = parseListObjectsV2(body);
    objects.push(...parsed.objects);
    if (!parsed.truncated) return objects;
    if (!parsed.nextToken) throw new BucketError(`Listing ${baseUrl}: a truncated page without NextContinuationToken`);
    token = parsed.nextToken;
  }
  throw new BucketError(`Listing ${baseUrl}: more pages than expected`);
}

/** One ListObjectsV2 page. S3's XML is regular enough that a parser would add nothing. */
export function parseListObjectsV2(xml: string): { objects: BucketObject[]; truncated: boolean; nextToken: string | null } {
  if (!/<ListBucketResult[\s>]/.test(xml)) throw new BucketError('The bucket answered something other than a ListObjectsV2 result');
  const objects: BucketObject[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = tag(m[1], 'Key');
    const size = Number(tag(m[1], 'Size'));
    if (key !== null && Number.isFinite(size)) objects.push({ key, size, lastModified: tag(m[1], 'LastModified') });
  }
  return { objects, truncated: tag(xml, 'IsTruncated') === 'true', nextToken: tag(xml, 'NextContinuationToken') };
}

function tag(xml: string, name: string): string | null {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]) : null;
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()];
    return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });
}

export interface SnapshotFile extends BucketObject {
  kind: BulkFileKind;
  /** The file name, without the prefix. */
  name: string;
}

export interface Snapshot {
  date: string;
  files: SnapshotFile[];
  totalBytes: number;
}

const KIND_PREFIX: [BulkFileKind, string][] = [
  ['courts', 'courts-'],
  ['dockets', 'dockets-'],
  ['clusters', 'opinion-clusters-'],
  ['citations', 'citations-'],
];

/**
 * The newest date with all four files (`citations-2026-10-31.csv.bz2`, ...). Other files in
 * the bucket (opinions, people, financial disclosures, citation-map) are not needed.
 */
export function pickSnapshot(objects: BucketObject[], prefix = BULK_PREFIX, options: { withOpinions?: boolean } = {}): Snapshot {
  const byDate = new Map<string, Map<BulkFileKind, SnapshotFile>>();
  // With --with-opinions the opinions file of the same date is one of the set too: the text
  // and star pages of a snapshot's cases come from its own opinions file.
  const kinds: [BulkFileKind, string][] = options.withOpinions ? [...KIND_PREFIX, ['opinions', 'opinions-']] : KIND_PREFIX;
  for (const o of objects) {
    const name = o.key.startsWith(prefix) ? o.key.slice(prefix.length) : o.key;
    for (const [kind, start] of kinds) {
      const m = new RegExp(`^${start}(\\d{4}-\\d{2}-\\d{2})\\.csv\\.bz2$`).exec(name);
      if (!m) continue;
      if (!byDate.has(m[1])) byDate.set(m[1], new Map());
      byDate.get(m[1])!.set(kind, { ...o, kind, name });
    }
  }
  const complete = [...byDate].filter(([, files]) => files.size === kinds.length).sort(([a], [b]) => (a < b ? 1 : -1));
  if (!complete.length) {
    throw new BucketError(
      `No complete bulk-data snapshot under ${prefix}: need courts-, dockets-, opinion-clusters-${options.withOpinions ? ', citations- and opinions-' : ' and citations-'}<date>.csv.bz2 of one date` +
        (byDate.size ? ` (found dates: ${[...byDate.keys()].sort().join(', ')})` : ''),
    );
  }
  const [date, files] = complete[0];
  const list = kinds.map(([kind]) => files.get(kind)!);
  return { date, files: list, totalBytes: list.reduce((n, f) => n + f.size, 0) };
}

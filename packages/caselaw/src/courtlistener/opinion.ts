/**
 * Opinion text for SPEC's `POST /api/case-opinion {opinionUrl}`: the URL shown with a verdict
 * (`/opinion/<cluster id>/<slug>/` from the API, or `/c/<reporter>/<volume>/<page>/` from the
 * local index) → its cluster → the cluster's opinions → their text. Failures are typed, each
 * carrying one of SPEC's three messages, so the facade shows the right one.
 */
import { LOOKUP_PATH, idFromUrl } from './api';
import type { ApiCluster, ApiLookupItem, ApiOpinion } from './api';
import { CourtListenerClient, CourtListenerHttpError, CourtListenerUnavailableError } from './client';

export abstract class CaseOpinionError extends Error {
  abstract readonly code: 'not-available' | 'not-retrieved' | 'temporary';
  /** SPEC.md section 8's wording, for the user. */
  abstract readonly userMessage: string;
}

/** No text exists for this citation (unknown URL, no opinions, empty text). */
export class OpinionNotAvailableError extends CaseOpinionError {
  override name = 'OpinionNotAvailableError';
  readonly code = 'not-available';
  readonly userMessage = 'Case opinion text not available for this citation';
}

/** CourtListener refused us (bad token, forbidden, bad request): retrying will not help. */
export class OpinionNotRetrievedError extends CaseOpinionError {
  override name = 'OpinionNotRetrievedError';
  readonly code = 'not-retrieved';
  readonly userMessage = 'Case opinion could not be retrieved';
}

/** CourtListener is down, slow or rate-limiting us: worth trying again later. */
export class OpinionTemporaryError extends CaseOpinionError {
  override name = 'OpinionTemporaryError';
  readonly code = 'temporary';
  readonly userMessage = 'Error loading case opinion. Please try again later.';
}

/** Text fields of an opinion, best first: plain text needs no cleaning. */
const TEXT_FIELDS = ['plain_text', 'html_with_citations', 'html', 'html_lawbox', 'html_columbia', 'html_anon_2020', 'xml_harvard'] as const;

/**
 * @example const text = await fetchOpinionText(client, 'https://www.courtlistener.com/opinion/145875/bell-atlantic-corp-v-twombly/');
 */
export async function fetchOpinionText(client: CourtListenerClient, absoluteUrl: string): Promise<string> {
  try {
    const clusterId = await clusterIdOf(client, absoluteUrl);
    const cluster = await client.getJson<ApiCluster>(`/api/rest/v4/clusters/${clusterId}/`);
    const opinionIds = (cluster.sub_opinions ?? [])
      .map((o) => (typeof o === 'string' ? idFromUrl(o) : (o.id ?? idFromUrl(o.resource_uri))))
      .filter((id): id is number => id !== null);
    const texts: string[] = [];
    for (const id of opinionIds) {
      const op = await client.getJson<ApiOpinion>(`/api/rest/v4/opinions/${id}/`);
      const field = TEXT_FIELDS.find((f) => op[f]?.trim());
      if (field) texts.push(field === 'plain_text' ? op[field]!.trim() : htmlToText(op[field]!));
    }
    if (!texts.length) throw new OpinionNotAvailableError(`no opinion text for cluster ${clusterId}`);
    return texts.join('\n\n');
  } catch (err) {
    if (err instanceof CaseOpinionError) throw err;
    if (err instanceof CourtListenerHttpError) {
      if (err.status === 404) throw new OpinionNotAvailableError(err.message, { cause: err });
      if (err.status === 429 || err.status >= 500) throw new OpinionTemporaryError(err.message, { cause: err });
      throw new OpinionNotRetrievedError(err.message, { cause: err });
    }
    if (err instanceof CourtListenerUnavailableError) throw new OpinionTemporaryError(err.message, { cause: err });
    throw new OpinionNotRetrievedError((err as Error).message, { cause: err });
  }
}

async function clusterIdOf(client: CourtListenerClient, absoluteUrl: string): Promise<number> {
  let path: string;
  try {
    path = new URL(absoluteUrl, 'https://www.courtlistener.com').pathname;
  } catch {
    throw new OpinionNotAvailableError(`not a CourtListener URL: ${absoluteUrl}`);
  }
  const opinion = /^\/opinion\/(\d+)(\/|$)/.exec(path);
  if (opinion) return Number(opinion[1]);
  const cite = /^\/c\/([^/]+)\/(\d+)\/([^/]+)\/?$/.exec(path);
  if (!cite) throw new OpinionNotAvailableError(`not a CourtListener case URL: ${absoluteUrl}`);
  const [, reporter, volume, page] = cite.map(decodeURIComponent);
  const items = await client.postForm<ApiLookupItem[]>(LOOKUP_PATH, { volume, reporter, page });
  const found = items.find((i) => (i.status === 200 || i.status === 300) && i.clusters.length);
  if (!found) throw new OpinionNotAvailableError(`no case at ${volume} ${reporter} ${page}`);
  return found.clusters[0].id;
}

/** Opinion HTML → readable text: block ends become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&sect;/g, '§')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

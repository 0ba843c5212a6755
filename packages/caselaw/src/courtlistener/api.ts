/** The parts of CourtListener's REST API v4 answers we read (they carry many more fields). */

export const LOOKUP_PATH = '/api/rest/v4/citation-lookup/';
/** The search API (opinions: `type=o`). */
export const SEARCH_PATH = '/api/rest/v4/search/';
/** Limits of the citation-lookup endpoint. */
export const MAX_TEXT_CHARS = 64_000;
export const MAX_CITATIONS_PER_REQUEST = 250;

export interface ApiCluster {
  id: number;
  case_name?: string;
  case_name_short?: string;
  case_name_full?: string;
  date_filed?: string | null;
  absolute_url?: string;
  docket_id?: number;
  /** Hyperlink to the docket (`.../dockets/123/`), when docket_id is not given. */
  docket?: string;
  sub_opinions?: (string | { id?: number; resource_uri?: string })[];
}

export interface ApiLookupItem {
  citation: string;
  normalized_citations: string[];
  start_index: number;
  end_index: number;
  /** 200 found, 300 several clusters, 400 unknown reporter/bad citation, 404 not found, 429 over the per-request cap. */
  status: number;
  error_message?: string;
  clusters: ApiCluster[];
}

/** One page of the v4 search API's opinion results (cl/search/api_serializers.py, OpinionClusterESResultSerializer). */
export interface ApiSearchPage {
  count: number;
  next: string | null;
  results: {
    cluster_id: number;
    caseName?: string;
    caseNameFull?: string;
    court_id?: string;
    /** The court's full name. */
    court?: string;
    court_citation_string?: string;
    dateFiled?: string | null;
    citation?: string[];
    absolute_url?: string;
  }[];
}

export interface ApiDocket {
  id: number;
  court_id?: string;
  /** Hyperlink to the court, when court_id is not given. */
  court?: string;
}

export interface ApiCourt {
  id: string;
  citation_string?: string;
  full_name?: string;
  short_name?: string;
}

export interface ApiOpinion {
  id: number;
  type?: string;
  plain_text?: string;
  html_with_citations?: string;
  html?: string;
  html_lawbox?: string;
  html_columbia?: string;
  html_anon_2020?: string;
  xml_harvard?: string;
}

/** The last number in a hyperlink (`https://.../dockets/4321/` → 4321). */
export function idFromUrl(url: string | undefined): number | null {
  const m = url ? /\/(\d+)\/?$/.exec(url) : null;
  return m ? Number(m[1]) : null;
}

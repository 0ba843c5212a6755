/**
 * The JSON the CLI prints for `citecheck extract <file> --json`: one plain object per
 * citation, fields in a fixed order, absent values as null (never undefined, so every key
 * is printed).
 */
import type { Citation } from './types';

export interface CitationJson {
  type: Citation['type'];
  form: Citation['form'];
  text: string;
  normalized: string | null;
  volume: number | null;
  reporter: string | null;
  page: string | null;
  pinCite: string | null;
  caseName: string | null;
  plaintiff: string | null;
  defendant: string | null;
  year: number | null;
  court: string | null;
  parenthetical: string | null;
  section: string | null;
  parallels: string[];
  start: number;
  end: number;
  documentPage: number | null;
  paragraph: number | null;
  /** Only on short, id and supra forms. */
  antecedent?: string | null;
}

/**
 * @example JSON.stringify(formatCitationsJson(findCitations(text)), null, 2)
 */
export function formatCitationsJson(citations: Citation[]): CitationJson[] {
  return citations.map((c) => {
    const json: CitationJson = {
      type: c.type,
      form: c.form,
      text: c.text,
      normalized: c.normalized,
      volume: c.volume,
      reporter: c.reporter,
      page: c.page,
      pinCite: c.pinCite,
      caseName: c.caseName,
      plaintiff: c.plaintiff,
      defendant: c.defendant,
      year: c.year,
      court: c.court,
      parenthetical: c.parenthetical,
      section: c.section,
      parallels: c.parallels,
      start: c.start,
      end: c.end,
      documentPage: c.documentPage,
      paragraph: c.paragraph,
    };
    if (c.form !== 'full') json.antecedent = c.antecedent;
    return json;
  });
}

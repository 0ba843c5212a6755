/**
 * The JSON the CLI prints for `citecheck extract <file> --json`: one plain object per
 * citation, fields in a fixed order, absent values as null (never undefined, so every key
 * is printed).
 */
import type { Citation } from './types';

/** The fields printed, in the order printed; `antecedent` only on short, id and supra forms. */
export type CitationJson = Pick<
  Citation,
  | 'type' | 'form' | 'text' | 'normalized' | 'volume' | 'reporter' | 'page' | 'pinCite' | 'caseName' | 'plaintiff' | 'defendant'
  | 'year' | 'court' | 'parenthetical' | 'section' | 'parallels' | 'start' | 'end' | 'documentPage' | 'paragraph'
> & { antecedent?: string | null };

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

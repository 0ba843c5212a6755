/**
 * reporters-db describes unusual citation formats with templates (`$volume_year-$reporter-$page`
 * for `2009-Ohio-1234`, `$volume $reporter ($volume_nominative $reporter_nominative) $page`
 * for `5 U.S. (1 Cranch) 137`). This module expands them into JavaScript regexes. The
 * variable meanings follow reporters-db's regexes.json; the expansions are ours.
 *
 * Only editions that have such formats pay for them: the tokenizer handles the standard
 * `volume reporter page` shape with plain code and asks for these regexes only when a
 * spelling of such an edition was found, compiled once per (format, spelling as written).
 */

import { RegexCache } from './regex-cache';

const ROMAN = String.raw`[cC]?(?:[xX][cC]|[xX][lL]|[lL]?[xX]{1,3})(?:[iI][xX]|[iI][vV]|[vV]?[iI]{0,3})|(?:[cC]?[lL]?)(?:[iI][xX]|[iI][vV]|[vV]?[iI]{1,3})|(?:[lL][vV]|[cC][vV]|[cC][lL]|[cC][lL][vV])`;

// Longest names first, so `$page_with_commas_and_suffix` is not read as `$page` + text.
const VARIABLES: [string, string][] = [
  ['$full_cite_year_included', String.raw`$volume $reporter \((?<year>1[789]\d{2}|20\d{2}),?\) $page`],
  ['$full_cite_format_neutral_3_4', String.raw`$volume_year-$reporter-$page_3_4`],
  ['$full_cite_format_neutral', String.raw`$volume_year-$reporter-$page`],
  ['$full_cite_illinois_neutral', String.raw`$volume_year $reporter (?<page>\d{1,7}(?:-[A-Z]|WC)?)`],
  ['$full_cite_single_volume', String.raw`(?:(?<volume>1) )?$reporter,? $page`],
  ['$full_cite_year_page', String.raw`$reporter $volume_year-$page`],
  ['$full_cite_paragraph_with_suffix', String.raw`$reporter $paragraph_marker_optional$page_with_commas_and_suffix`],
  ['$full_cite_paragraph', String.raw`$reporter $paragraph_marker_optional$page_with_commas`],
  ['$full_cite_cch', String.raw`(?:$volume_with_digit_suffix )?$reporter $paragraph_marker_optional$page_with_commas`],
  ['$full_cite', String.raw`$volume $reporter,? $page`],
  ['$volume_nominative', String.raw`(?:(?<volume>\d{1,2}) )?`],
  ['$volume_with_alpha_suffix', String.raw`(?<volume>\d{1,4}A?)`],
  ['$volume_with_digit_suffix', String.raw`(?<volume>\d{1,4}(?:-\d+)?)`],
  ['$volume_year', String.raw`(?<volume>1[789]\d{2}|20\d{2})`],
  ['$volume', String.raw`(?<volume>[1-9]\d*)`],
  ['$page_with_commas_and_suffix', String.raw`(?<page>\d(?:[\d,]*\d)?[A-Z]?)`],
  ['$page_with_commas_or_periods', String.raw`(?<page>\d(?:[\d,.]*\d)?)`],
  ['$page_with_commas', String.raw`(?<page>\d(?:[\d,]*\d)?)`],
  ['$page_with_letter', String.raw`(?<page>\d+[a-zA-Z])`],
  ['$page_with_periods', String.raw`(?<page>\d(?:[\d.]*\d)?)`],
  ['$page_with_roman_numerals', `(?<page>${ROMAN})`],
  ['$page_3_4', String.raw`(?<page>\d{3,4})`],
  ['$page', String.raw`(?<page>\d+|_{2,})`],
  ['$paragraph_marker_optional', String.raw`(?:(?:P|¶|para?\.) ?)?`],
  ['$paragraph_marker', String.raw`(?:P|¶|para?\.)`],
];

/**
 * A format whose regex cannot run in JavaScript, or that the tokenizer reads by hand
 * (Louisiana's, whose reporter stands inside parentheses after the number: tokenize.ts).
 */
const UNSUPPORTED = /\$full_cite_louisiana|\(\?P=|\\p\{/;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function expand(template: string, reporterWritten: string): string | null {
  if (UNSUPPORTED.test(template)) return null;
  let source = template;
  // Templates refer to each other; a few rounds settle them.
  for (let round = 0; round < 4 && source.includes('$'); round++) {
    for (const [name, value] of VARIABLES) source = source.split(name).join(value);
    source = source.replace(/\$reporter/g, `(?<reporter>${escapeRegex(reporterWritten)})`);
  }
  if (/\$[a-z]/.test(source)) return null;
  return (
    source
      // Python spellings of regex syntax.
      .replace(/\(\?P</g, '(?<')
      .replace(/\{,(\d+)\}/g, '{0,$1}')
      // A space in a template is any short run of spaces in the cleaned text; ` ?` an optional one.
      .replace(/(?<!\\) \?/g, ' {0,3}')
      .replace(/(?<!\\) (?![{])/g, ' {1,3}')
  );
}

export interface FormatMatch {
  start: number;
  end: number;
  volume: string | null;
  page: string;
  year: string | null;
  /** The nominative reporter inside the citation (`Cranch` in `5 U.S. (1 Cranch) 137`). */
  nominative: string | null;
}

const compiled = new RegexCache(2048, (template, reporterWritten) => {
  const source = expand(template, reporterWritten);
  try {
    return source ? new RegExp(source, 'y') : null;
  } catch {
    return null;
  }
});

function regexFor(template: string, reporterWritten: string): RegExp | null {
  return compiled.get(template, reporterWritten);
}

/**
 * Where a citation in the template's form begins: `volume` (`$full_cite`, `2009-Ohio-1234`),
 * `reporter` (`T.C. Memo. 2010-123`, `Bankr. L. Rep. ¶ 12,345`), `either` when the volume is
 * optional (`$volume_nominative ?$reporter, $page`: `Miller's Notebook, 179` and `2 Miller's
 * Notebook, 179`; `(?:$volume_with_digit_suffix )?$reporter ...`: `Trade Cas. (CCH) ¶ 72,101`
 * and `1982-1 Trade Cas. (CCH) ¶ 64,689`), or `paren` when the reporter stands in parentheses
 * after the number (`2009-1359 (La.App. 1 Cir. 05/10/10)`).
 */
export type FormatStart = 'volume' | 'reporter' | 'either' | 'paren';
export function formatStart(template: string): FormatStart {
  if (/^\$(?:reporter|full_cite_year_page|full_cite_paragraph)/.test(template)) return 'reporter';
  if (/^(?:\$(?:volume_nominative|full_cite_single_volume|full_cite_cch|volume_with_alpha_suffix_optional)|\(\?:\(\?P<volume>)/.test(template)) return 'either';
  if (/^\$full_cite_louisiana/.test(template)) return 'paren';
  return 'volume';
}

/** Whether a citation in the template's form may begin with its volume (the tokenizer's volume path). */
export function startsWithVolume(template: string): boolean {
  const start = formatStart(template);
  return start === 'volume' || start === 'either';
}

/** Whether a citation in the template's form may begin with its reporter (the reporter-first path). */
export function startsWithReporter(template: string): boolean {
  const start = formatStart(template);
  return start === 'reporter' || start === 'either';
}

/**
 * Runs one format at `start` (the volume's first character, or the reporter's for formats
 * that begin with it) with the reporter as written; the match, or null. A match must not
 * run on into a word (`123 Ark. 45th`).
 */
export function matchFormat(text: string, template: string, reporterWritten: string, start: number): FormatMatch | null {
  const re = regexFor(template, reporterWritten);
  if (!re) return null;
  re.lastIndex = start;
  const m = re.exec(text);
  if (!m) return null;
  const end = start + m[0].length;
  const after = text.charCodeAt(end);
  if ((after >= 48 && after <= 57) || (after >= 65 && after <= 90) || (after >= 97 && after <= 122)) return null;
  const g = m.groups ?? {};
  if (g.page === undefined) return null;
  return { start, end, volume: g.volume ?? null, page: g.page, year: g.year ?? null, nominative: g.reporter_nominative ?? null };
}

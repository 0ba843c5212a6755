/**
 * Statutes and regulations: the codes we recognise, as a table of anchored patterns, and
 * the canonical spelling each one normalises to.
 *
 * Every pattern starts with something literal (a title number followed by the code's
 * abbreviation, or the code's own name), so the tokenizer can run them over megabytes
 * without backtracking: quantifiers are bounded and never nested over the same characters.
 */

import { isTrimmedCode } from './chars';

/** One statute or regulation found by a pattern. */
export interface StatuteMatch {
  type: 'statute' | 'regulation' | 'rule';
  /** Canonical form: `42 U.S.C. § 1983`, `N.Y. C.P.L.R. 3211(a)(7)`. */
  normalized: string;
  /** The code (`U.S.C.`, `C.F.R.`, `Fed. Reg.`, `Cal. Civ. Proc. Code`, `ILCS`). */
  code: string;
  /** Title or chapter number when the code has one (`42` in 42 U.S.C.), else null. */
  title: number | null;
  /** The section(s) as written, subsections included (`1630.2(g)`, `1331, 1343`). */
  section: string;
  /** When set, the citation ends here (an offset in the text) rather than at the match end. */
  end?: number;
  /** Series cited by volume and page (`1 Stat. 2`): the page. */
  page?: string;
}

export interface StatutePattern {
  name: string;
  regex: RegExp;
  build(m: RegExpExecArray): StatuteMatch | null;
}

// A section number: `1983`, `1630.2`, `240.10b-5`, `27.001`, `2-619`, then subsections
// `(a)(7)`. A period only continues the section when a digit follows, so the full stop
// ending a sentence (`§ 1983.`) is not swallowed.
const SECTION = String.raw`\d[\dA-Za-z]{0,8}(?:[.:-]\d[\dA-Za-z]{0,8}){0,4}(?:\([A-Za-z0-9]{1,5}\)){0,6}`;
// Further sections after `§§`: `1331, 1343`, `1331 and 1343`, `1981-1983`.
// An extra section is never the title number starting the next citation (`§ 1983 and 28 U.S.C.`).
const MORE_SECTIONS = String.raw`(?:(?: {0,2},| {0,2},? {1,2}and| {0,2},? {1,2}or| {0,2}&) {1,3}${SECTION}(?!\w)(?! {1,3}[A-Z])){0,8}`;
const ET_SEQ = String.raw`(?: {1,3}et {1,2}seq\.)?`;
// Words of a state code's name: `Civ.`, `Proc.`, `Bus.`, `&`, `Gov't`, `Penal`.
const CODE_WORD = String.raw`(?:[A-Z][A-Za-z']{0,12}\.?|&)`;

/**
 * Runs of spaces made one, and the ends trimmed: each only where there is something to do
 * (most sections are written `1983`; a call into the regex cost more than the test).
 */
function squash(s: string): string {
  const squeezed = s.includes('  ') ? s.replace(/ {2,}/g, ' ') : s;
  return isTrimmedCode(squeezed.charCodeAt(0)) || isTrimmedCode(squeezed.charCodeAt(squeezed.length - 1)) ? squeezed.trim() : squeezed;
}

/** `§ 1983`, or `§§ 1331, 1343` when several sections are cited. */
function sectionPart(signs: string | undefined, section: string): string {
  const squashed = squash(section);
  // Several sections are written with a comma, `and`, `or` or `&` between them (MORE_SECTIONS).
  const several = squashed.includes(',') || squashed.includes(' ') || squashed.includes('&');
  const s = several ? squashed.replace(/ ?, ?/g, ', ') : squashed;
  // `§§`, `Secs.`, `sections` are plural; `Sec.` and `Section` are not, however long.
  const plural = signs === '§§' || (signs !== undefined && endsWithS(signs)) || (several && /,| and | or |&/.test(s));
  return `${plural ? '§§' : '§'} ${s}`;
}

const FIRST_SECTION = new RegExp(`^${SECTION}`);

/** Whether `signs` ends with `s` or `s.`, either case (`Sections`, `secs.`): read as `/s\.?$/i` reads it, without a call into the regex engine. */
function endsWithS(signs: string): boolean {
  const last = signs.charCodeAt(signs.length - 1) === 46 /* . */ ? signs.length - 2 : signs.length - 1;
  return (signs.charCodeAt(last) | 32) === 115 /* s */;
}

/**
 * Several sections are only cited after `§§` (or `sections`); after a single `§`, a list
 * like `§ 1983, 12 defendants` is prose, so only the first section is kept and the
 * citation ends with it.
 */
function sectionsFor(m: RegExpExecArray, signGroup: number, sectionGroup: number): { section: string; end?: number } {
  const signs = m[signGroup] ?? '';
  const written = m[sectionGroup];
  const plural = signs === '§§' || endsWithS(signs);
  if (plural) return { section: squash(written) };
  // One section has no space, comma or `&` in it: only several do (MORE_SECTIONS).
  if (!written.includes(' ') && !written.includes(',') && !written.includes('&')) return { section: squash(written) };
  const first = FIRST_SECTION.exec(written)?.[0] ?? written;
  if (first.length === written.length) return { section: squash(written) };
  const at = m.index + m[0].lastIndexOf(written);
  return { section: first, end: at + first.length };
}

export const STATUTE_PATTERNS: StatutePattern[] = [
  {
    // 42 U.S.C. § 1983; 28 U.S.C. §§ 1331, 1343; 15 U.S.C.A. § 78j(b); 42 U.S.C. 2000e-2(a)
    name: 'usc',
    regex: new RegExp(
      String.raw`(?<![\w.])(\d{1,2}) {1,3}U\. {0,2}S\. {0,2}C\.(?: {0,2}[AS]\.)?(?: {0,3}(§§?|[Ss]ec(?:tion)?s?\.?))? {0,3}(${SECTION}${MORE_SECTIONS})${ET_SEQ}`,
      'g',
    ),
    build: (m) => {
      const { section, end } = sectionsFor(m, 2, 3);
      return { type: 'statute', code: 'U.S.C.', title: Number(m[1]), section, end, normalized: `${m[1]} U.S.C. ${sectionPart(m[2], section)}` };
    },
  },
  {
    // 29 C.F.R. § 1630.2(g); 17 C.F.R. § 240.10b-5; 40 C.F.R. pt. 60
    name: 'cfr',
    regex: new RegExp(
      String.raw`(?<![\w.])(\d{1,2}) {1,3}C\. {0,2}F\. {0,2}R\.(?: {0,3}(§§?|[Pp]arts?|[Pp]t\.|[Ss]ec(?:tion)?s?\.?))? {0,3}(${SECTION}${MORE_SECTIONS})`,
      'g',
    ),
    build: (m) => {
      const part = m[2] && /^[Pp]/.test(m[2]);
      const { section, end } = sectionsFor(m, 2, 3);
      return {
        type: 'regulation',
        code: 'C.F.R.',
        title: Number(m[1]),
        section,
        end,
        normalized: part ? `${m[1]} C.F.R. pt. ${section}` : `${m[1]} C.F.R. ${sectionPart(m[2], section)}`,
      };
    },
  },
  {
    // 85 Fed. Reg. 12345; 85 Fed. Reg. 12,345 (the comma is a thousands separator)
    name: 'fedreg',
    regex: /(?<![\w.])(\d{1,3}) {1,3}Fed\. {0,2}Reg\. {1,3}(\d{1,3}(?:,\d{3})+|\d{1,6})(?![\d,]\d)/g,
    build: (m) => {
      const page = m[2].includes(',') ? m[2].replace(/,/g, '') : m[2];
      return { type: 'regulation', code: 'Fed. Reg.', title: Number(m[1]), section: page, normalized: `${m[1]} Fed. Reg. ${page}` };
    },
  },
  {
    // Cal. Civ. Proc. Code § 425.16; Cal. Bus. & Prof. Code § 17200; Tex. Civ. Prac. & Rem.
    // Code Ann. § 27.001. California and Texas both name the subject, then "Code".
    name: 'state-code',
    regex: new RegExp(
      String.raw`(?<![\w.])(Cal\.|Tex\.)((?: {1,3}${CODE_WORD}){1,6}?) {1,3}Code(?: {1,3}Ann\.)?,? {0,3}(§§?) {0,3}(${SECTION}${MORE_SECTIONS})${ET_SEQ}`,
      'g',
    ),
    build: (m) => {
      // `Ann.` anywhere before the section sign, as a test of the text before `§` finds it.
      const ann = m[0].indexOf('Ann.');
      const code = squash(`${m[1]} ${m[2]} Code${ann >= 0 && ann + 4 <= m[0].indexOf('§') ? ' Ann.' : ''}`);
      return { type: 'statute', code, title: null, section: squash(m[4]), normalized: `${code} ${sectionPart(m[3], m[4])}` };
    },
  },
  {
    // N.Y. Gen. Bus. Law § 349; N.Y. Lab. Law § 240(1)
    name: 'ny-law',
    regex: new RegExp(
      String.raw`(?<![\w.])N\. {0,2}Y\.((?: {1,3}${CODE_WORD}){1,5}?) {1,3}Law,? {0,3}(§§?) {0,3}(${SECTION}${MORE_SECTIONS})`,
      'g',
    ),
    build: (m) => {
      const code = squash(`N.Y. ${m[1]} Law`);
      return { type: 'statute', code, title: null, section: squash(m[3]), normalized: `${code} ${sectionPart(m[2], m[3])}` };
    },
  },
  {
    // N.Y. C.P.L.R. 3211(a)(7); CPLR 3211(a)(7); N.Y. C.P.L.R. § 5501. New York cites CPLR
    // rules without a section sign, so the canonical form has none either.
    name: 'cplr',
    regex: new RegExp(
      String.raw`(?<![\w.])(?:N\. {0,2}Y\. {1,3})?(?:C\. {0,2}P\. {0,2}L\. {0,2}R\.|CPLR)(?: {0,3}(?:§|R\.|[Rr]ule))? {0,3}(${SECTION})(?!\w)`,
      'g',
    ),
    build: (m) => ({ type: 'statute', code: 'N.Y. C.P.L.R.', title: null, section: m[1], normalized: `N.Y. C.P.L.R. ${m[1]}` }),
  },
  {
    // Fla. Stat. § 768.72; Fla. Stat. Ann. § 501.204
    name: 'fla-stat',
    regex: new RegExp(String.raw`(?<![\w.])Fla\. {1,3}Stat\.(?: {1,3}Ann\.)? {0,3}(§§?) {0,3}(${SECTION}${MORE_SECTIONS})`, 'g'),
    build: (m) => ({
      type: 'statute',
      code: 'Fla. Stat.',
      title: null,
      section: squash(m[2]),
      normalized: `Fla. Stat. ${sectionPart(m[1], m[2])}`,
    }),
  },
  {
    // 735 ILCS 5/2-619; 815 Ill. Comp. Stat. 505/2
    name: 'ilcs',
    regex: /(?<![\w.])(\d{1,3}) {1,3}(?:ILCS|Ill\. {0,2}Comp\. {0,2}Stat\.)(?: {1,3}Ann\.)? {1,3}(\d{1,4}) {0,2}\/ {0,2}(\d[\dA-Za-z]{0,8}(?:[.-]\d[\dA-Za-z]{0,8}){0,4}(?:\([A-Za-z0-9]{1,5}\)){0,6})/g,
    build: (m) => ({
      type: 'statute',
      code: 'ILCS',
      title: Number(m[1]),
      section: `${m[2]}/${m[3]}`,
      normalized: `${m[1]} ILCS ${m[2]}/${m[3]}`,
    }),
  },
];

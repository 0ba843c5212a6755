/**
 * How eyecite's citation model maps onto ours, for the table tests that replay eyecite's own
 * test expectations (dumped by scripts/eyecite/dump-tests.py). Kept in one place so the
 * mapping can follow the engine as it grows (journal and rule types, a `reference` form).
 *
 * eyecite class          → our Citation
 *   FullCaseCitation     → type 'case',  form 'full'
 *   ShortCaseCitation    → type 'case',  form 'short'   (eyecite's `page` group is the pin)
 *   IdCitation           → form 'id'
 *   SupraCitation        → form 'supra'
 *   FullLawCitation      → type 'statute' or 'regulation', form 'full'
 *   FullJournalCitation  → type 'journal', form 'full'  (no such type yet: counted as missing)
 *   ReferenceCitation    → form 'reference'             (no such form yet: counted as missing)
 *   UnknownCitation      → nothing: eyecite's catch-all for a bare `§ 99` with no code. We have
 *                          no counterpart, so it is neither required nor is a citation of ours
 *                          overlapping it counted as extra.
 *   (placeholder)        ← our case citation with a blank volume and page (`— U.S. —`,
 *                          `___ U.S. ___`): eyecite keeps such a blank as a placeholder token,
 *                          never a citation, so ours is not counted as extra.
 *
 * Fields eyecite leaves empty: a court (eyecite infers one only for U.S. Reports) and a year
 * (eyecite misses a year glued to the court, `(1st Cir.1990)`, one written before the citation,
 * `(1921), 59 Mont. 403`, and a parallel's) are not held against ours when ours is written in
 * the citation itself: the year in full, or as the last two digits of a date (`05/10/10`),
 * between the start of the case name and the end of the last parenthetical.
 *
 * This module reads only the engine's public types: it must not share code with the engine,
 * or the measurement would agree with whatever the engine does.
 */
import type { Citation } from '../../src';

/** One expected citation as dumped from eyecite's tests (see dump-tests.py). */
export interface EyeciteCite {
  kind: string;
  /** eyecite's matched text for the expected object (synthetic: `volume reporter page`). */
  matchedText: string;
  /** The text eyecite itself matched in the input, when it agrees with its own row. */
  sourceText?: string;
  groups: Record<string, string>;
  metadata: Record<string, string>;
  year?: number | null;
  /** corrected_reporter(): the edition's canonical short name. */
  reporter?: string;
  volume?: string | null;
  page?: string | null;
  /** Where the citation sits in the pair's text (end exclusive); null when it could not be located. */
  span: [number, number] | null;
  fullSpan?: [number, number];
}

export interface EyecitePair {
  id: number;
  test: string;
  message: string;
  text: string;
  input: 'plain' | 'markup';
  /** eyecite's remove_ambiguous was asked for (its disambiguation rows). */
  removeAmbiguous?: boolean;
  cleanSteps: string[];
  eyeciteAgrees: boolean | null;
  /** Why this row needs eyecite-only machinery, or null when it applies to us. */
  skip: string | null;
  expected: EyeciteCite[];
}

/** What we expect of our citation, field by field; `undefined` means "not compared". */
export interface Expectation {
  /** Accepted values of `type` (string, not CitationType: the engine may add types). */
  types: string[] | null;
  form: string;
  volume?: string | null;
  reporter?: string | null;
  page?: string | null;
  pin?: string | null;
  plaintiff?: string | null;
  defendant?: string | null;
  /** The name written before a short or supra form (eyecite's antecedent_guess), against our caseName. */
  shortName?: string | null;
  year?: number | null;
  court?: string;
  parenthetical?: string | null;
  section?: string | null;
}

/** Spaces squeezed, and a curly apostrophe as the straight one (both are written for the same name). */
const squash = (s: string | null | undefined): string | null => {
  const t = (s ?? '').replace(/\s+/g, ' ').replace(/[\u2018\u2019]/g, "'").trim();
  return t === '' ? null : t;
};

/** Pin cites compare without their lead-in: eyecite keeps `at 62` or `p. *4` where we may keep `62`. */
export function normalizePin(pin: string | null | undefined): string | null {
  const t = squash(pin);
  if (t === null) return null;
  return squash(t.replace(/^[,\s]+/, '').replace(/^at\s+/i, '').replace(/^pp?\.\s*/i, ''));
}

/** Sections compare with their subsections: eyecite splits `21-3516(a)(2)` into section and pin. */
function lawSection(e: EyeciteCite): string | null {
  const section = e.groups.section ?? null;
  const pin = e.metadata.pin_cite ?? '';
  return squash(section === null ? null : /^\(/.test(pin) ? section + pin : section);
}

/**
 * eyecite's antecedent_guess as a name: without a trailing `supra` (`Esquire, Inc., supra`
 * before `316 F. Supp. at 884`), which says the case was cited before and is no part of its name.
 */
function guessedName(guess: string | undefined): string | null {
  return squash((guess ?? '').replace(/,?\s*supra,?$/i, ''));
}

/** The expectation for one eyecite citation, or null when our model has no counterpart. */
export function expectationFor(e: EyeciteCite): Expectation | null {
  const m = e.metadata;
  const pin = normalizePin(m.pin_cite);
  const parenthetical = squash(m.parenthetical);
  // eyecite infers a court from the reporter only for U.S. Reports; our engine also infers
  // it from single-court reporters. So a court is compared when eyecite names one, and
  // eyecite's silence is not held against a court of ours.
  const court = m.court ?? undefined;
  switch (e.kind) {
    case 'FullCaseCitation':
      return {
        types: ['case'], form: 'full', volume: e.volume ?? null, reporter: e.reporter ?? null,
        page: e.page ?? null, pin, plaintiff: squash(m.plaintiff), defendant: squash(m.defendant),
        year: e.year ?? null, court, parenthetical,
      };
    case 'ShortCaseCitation':
      return {
        types: ['case'], form: 'short', volume: e.volume ?? null, reporter: e.reporter ?? null,
        pin, shortName: guessedName(m.antecedent_guess), court, parenthetical,
      };
    case 'IdCitation':
      return { types: null, form: 'id', pin, parenthetical };
    case 'SupraCitation':
      return {
        types: null, form: 'supra', pin, shortName: squash(m.antecedent_guess), parenthetical,
        ...(m.volume ? { volume: m.volume } : {}),
      };
    case 'FullLawCitation':
      return {
        types: ['statute', 'regulation'], form: 'full', reporter: e.reporter ?? null,
        // A title (`18 U.S.C.`) or Statutes-at-Large volume is our `volume`; Mass. chapters are not.
        ...(e.groups.title || e.groups.volume ? { volume: e.groups.title ?? e.groups.volume } : {}),
        ...(e.groups.section ? { section: lawSection(e) } : {}),
        ...(e.groups.page ? { page: e.groups.page } : {}),
      };
    case 'FullJournalCitation':
      return {
        types: ['journal'], form: 'full', volume: e.volume ?? null, reporter: e.reporter ?? null,
        page: e.page ?? null, pin, year: e.year ?? null, parenthetical,
      };
    case 'ReferenceCitation':
      return { types: null, form: 'reference', shortName: squash(m.plaintiff ?? m.defendant), pin };
    default:
      return null; // UnknownCitation
  }
}

export type Category =
  | 'missing citation' | 'extra citation' | 'type/form wrong' | 'volume wrong' | 'reporter wrong'
  | 'page wrong' | 'pin wrong' | 'name wrong' | 'year wrong' | 'court wrong' | 'parenthetical wrong'
  | 'section wrong';

export interface Problem {
  category: Category;
  /** Expected vs got, short enough for a one-line report. */
  detail: string;
}

const show = (v: unknown) => (v === null || v === undefined ? '∅' : JSON.stringify(v));

/** Whether `year` is written in the citation `c` of `text` (see the file comment). */
function yearWritten(text: string, c: Citation, year: number): boolean {
  const span = text.slice(Math.min(c.fullStart, c.start), Math.max(c.fullEnd, c.end));
  return span.includes(String(year)) || new RegExp(String.raw`\d{1,2}/\d{1,2}/${String(year).slice(2)}(?!\d)`).test(span);
}

/** Field-by-field differences between an expectation and one of our citations. */
export function differences(x: Expectation, c: Citation, text = ''): Problem[] {
  const out: Problem[] = [];
  const check = (category: Category, field: string, want: unknown, got: unknown) => {
    if (want === undefined) return;
    if ((want ?? null) !== (got ?? null)) out.push({ category, detail: `${field}: want ${show(want)} got ${show(got)}` });
  };
  if ((x.types && !x.types.includes(c.type as string)) || x.form !== (c.form as string)) {
    out.push({ category: 'type/form wrong', detail: `want ${x.types?.join('|') ?? '*'}/${x.form} got ${c.type}/${c.form}` });
    return out;
  }
  check('volume wrong', 'volume', x.volume, c.volume === null ? null : String(c.volume));
  check('reporter wrong', 'reporter', x.reporter === undefined ? undefined : squash(x.reporter), squash(c.reporter));
  // A blank page (`1 U.S. ___`) is no page group for eyecite; we keep the blank as written.
  check('page wrong', 'page', x.page, c.page !== null && /^[_—–-]+$/.test(c.page) ? null : c.page);
  check('pin wrong', 'pin', x.pin, normalizePin(c.pinCite));
  check('name wrong', 'plaintiff', x.plaintiff, squash(c.plaintiff));
  check('name wrong', 'defendant', x.defendant, squash(c.defendant));
  // eyecite's antecedent_guess is the word(s) just before the short form (`Bar` in
  // `Foo v. Bar, supra`); our caseName keeps the whole name written, which ends with it.
  const name = squash(c.caseName);
  const guessMatches = x.shortName && name && name.endsWith(` ${x.shortName}`);
  if (!guessMatches) check('name wrong', 'name', x.shortName, name);
  // A neutral or WL/LEXIS cite's volume is its year (`2015 WL 2375225`): eyecite leaves year
  // empty there, we report it; that is not a disagreement.
  const yearIsVolume = x.year === null && c.year !== null && c.year === c.volume;
  const yearInCitation = x.year === null && c.year !== null && yearWritten(text, c, c.year);
  if (!yearIsVolume && !yearInCitation) check('year wrong', 'year', x.year, c.year);
  check('court wrong', 'court', x.court, c.court);
  check('parenthetical wrong', 'parenthetical', x.parenthetical, squash(c.parenthetical));
  check('section wrong', 'section', x.section, squash(c.section));
  return out;
}

const overlaps = (a: [number, number], c: { start: number; end: number }) => c.start < a[1] && a[0] < c.end;

/** One-line description of our citation for failure lists. */
export function describeOurs(c: Citation): string {
  const name = c.caseName ? `${c.caseName}, ` : '';
  const extras = [c.pinCite && `pin ${c.pinCite}`, c.year && `year ${c.year}`, c.court && `court ${c.court}`,
    c.parenthetical && `(${c.parenthetical})`].filter(Boolean).join(', ');
  return `${c.type}/${c.form} ${name}${JSON.stringify(c.text)}${extras ? ` [${extras}]` : ''}`;
}

export function describeExpected(e: EyeciteCite): string {
  const m = Object.entries(e.metadata).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ');
  // The year is in the metadata as written; e.year is the same value parsed.
  return `${e.kind} ${JSON.stringify(e.sourceText ?? e.matchedText)}${e.reporter ? ` reporter=${e.reporter}` : ''}${m ? ` ${m}` : ''}`;
}

export interface PairResult {
  pass: boolean;
  problems: Problem[];
}

/**
 * Compares our citations for a pair's text with eyecite's expectations. Each expected citation
 * is paired with the first unused citation of ours overlapping its location; ours left over
 * (and not lying on an eyecite UnknownCitation) are extra, as eyecite's test also fails on a
 * different citation count.
 */
export function comparePair(pair: EyecitePair, ours: Citation[]): PairResult {
  const problems: Problem[] = [];
  const used = new Set<Citation>();
  const ignoredSpans: [number, number][] = [];
  for (const e of pair.expected) {
    const x = expectationFor(e);
    if (!x) {
      if (e.span) ignoredSpans.push(e.span);
      continue;
    }
    const span = e.span;
    const match = span ? ours.find((c) => !used.has(c) && overlaps(span, c)) : undefined;
    if (!match) {
      problems.push({ category: 'missing citation', detail: describeExpected(e) });
      continue;
    }
    used.add(match);
    for (const p of differences(x, match, pair.text)) problems.push({ ...p, detail: `${JSON.stringify(e.sourceText ?? e.matchedText)} ${p.detail}` });
  }
  for (const c of ours) {
    if (used.has(c) || ignoredSpans.some((s) => overlaps(s, c))) continue;
    if (c.type === 'case' && c.form === 'full' && c.volume === null && c.page === '___') continue;
    problems.push({ category: 'extra citation', detail: describeOurs(c) });
  }
  return { pass: problems.length === 0, problems };
}

// ---- resolution ----------------------------------------------------------------------------

/** A resolution case: rows of text each holding one citation and its expected group (dump-tests.py). */
export interface ResolveRowsCase {
  id: number;
  test: string;
  style: 'rows';
  text: string;
  rows: { text: string; start: number; end: number; group: number | null; kind: string | null; matchedText: string | null }[];
  eyeciteAgrees: boolean;
  skip: string | null;
}

/** A reference-resolution case: groups are lists of indices into eyecite's citations for the text. */
export interface ResolveIndicesCase {
  id: number;
  test: string;
  style: 'indices';
  text: string;
  groups: number[][];
  citations: { kind: string; matchedText: string; span: [number, number] }[];
  eyeciteAgrees: boolean;
  skip: string | null;
}

export type ResolveCase = ResolveRowsCase | ResolveIndicesCase;

/**
 * Our grouping key for a citation: a full citation is its own resource (keyed by its normalized
 * form, except a blank page `___`, which never identifies a case); a short, id or supra form
 * belongs to its antecedent's resource, or to none when unresolved.
 */
function ourResource(c: Citation, index: number): string | null {
  if (c.form === 'full') {
    // Statutes and journals have no page to be blank; a case with `___` identifies nothing.
    const blank = c.type === 'case' && (!c.page || /^_+$/.test(c.page));
    return blank ? `#${index}` : (c.normalized ?? `#${index}`);
  }
  return c.antecedent ?? null;
}

/**
 * Whether two labellings describe the same partition: `want[i]` and `got[i]` label item i
 * (null = in no group), and the labels must correspond one to one.
 */
function samePartition(want: (number | null)[], got: (string | null)[]): boolean {
  const forward = new Map<number, string>();
  const backward = new Map<string, number>();
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    const g = got[i];
    if (w === null || g === null) {
      if (w !== g) return false;
      continue;
    }
    if (forward.has(w) && forward.get(w) !== g) return false;
    if (backward.has(g) && backward.get(g) !== w) return false;
    forward.set(w, g);
    backward.set(g, w);
  }
  return true;
}

export interface ResolveResult {
  pass: boolean;
  /** `want` and `got` per located citation, for the failure list. */
  detail: string;
  category:
    | 'missing citation' | 'resolved where eyecite declines (ambiguous or out-of-range pin)'
    | 'left unresolved' | 'resolved to the wrong citation' | null;
}

export function compareResolution(kase: ResolveCase, ours: Citation[]): ResolveResult {
  const resourceOf = new Map(ours.map((c, i) => [c, ourResource(c, i)]));
  const items: { label: string; span: [number, number]; want: number | null }[] = [];
  if (kase.style === 'rows') {
    for (const r of kase.rows) {
      if (r.kind === null) continue; // eyecite finds nothing in this row either
      items.push({ label: r.text, span: [r.start, r.end], want: r.group });
    }
  } else {
    const groupOf = new Map<number, number>();
    kase.groups.forEach((g, gi) => g.forEach((i) => groupOf.set(i, gi)));
    kase.citations.forEach((c, i) => items.push({ label: c.matchedText, span: c.span, want: groupOf.get(i) ?? null }));
  }
  const got: (string | null)[] = [];
  const lines: string[] = [];
  let missing = false;
  for (const it of items) {
    // rows: our first citation starting inside the row; indices: ours overlapping eyecite's span.
    const c = kase.style === 'rows'
      ? ours.find((o) => o.start >= it.span[0] && o.start < it.span[1])
      : ours.find((o) => overlaps(it.span, o));
    if (!c && it.want !== null) missing = true;
    const g = c ? resourceOf.get(c) ?? null : null;
    got.push(g);
    lines.push(`${JSON.stringify(it.label)}: want ${it.want ?? '∅'} got ${c ? `${c.form} → ${g ?? '∅'}` : 'no citation'}`);
  }
  const want = items.map((i) => i.want);
  const pass = !missing && samePartition(want, got);
  let category: ResolveResult['category'] = null;
  if (!pass) {
    category = missing ? 'missing citation'
      : want.some((w, i) => w === null && got[i] !== null) ? 'resolved where eyecite declines (ambiguous or out-of-range pin)'
        : want.some((w, i) => w !== null && got[i] === null) ? 'left unresolved'
          : 'resolved to the wrong citation';
  }
  return { pass, detail: lines.join('; '), category };
}

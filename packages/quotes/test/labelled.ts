/**
 * Runs the labelled set (test/labelled/quotes.json) through the engine as the product will:
 * the brief passage through findCitations and findQuotes, the quotation tied to its citation,
 * checked against the opinion parsed from its source file. Shared by the test, which prints
 * the figures and holds the targets, and by scripts/bench/quotes.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findCitations } from '@citecheck/citations';
import { checkQuote, findQuotes, parseOpinion, parseOpinionMarkup, prepareOpinion, quoteTarget } from '../src';
import type { OpinionFields, OpinionText, QuoteCheck } from '../src';
import type { PreparedOpinion } from '../src/prepare';
import type { Kind, LabelledQuote, ManifestEntry } from '../scripts/build-labelled-set';

export const OPINIONS_DIR = join(__dirname, 'opinions');
export const LABELLED_FILE = join(__dirname, 'labelled', 'quotes.json');

export interface LoadedOpinion {
  entry: ManifestEntry;
  /** The source as stored (CAP HTML, or the CourtListener API's opinion JSON). */
  raw: string;
  opinion: OpinionText;
}

export function manifest(): ManifestEntry[] {
  return JSON.parse(readFileSync(join(OPINIONS_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
}

export function loadOpinion(entry: ManifestEntry): LoadedOpinion {
  const raw = gunzipSync(readFileSync(join(OPINIONS_DIR, entry.file))).toString('utf8');
  if (entry.format === 'courtlistener-api-opinion') {
    const parsed = parseOpinion(JSON.parse(raw) as OpinionFields);
    if (!parsed) throw new Error(`${entry.file}: no text`);
    return { entry, raw, opinion: parsed.opinion };
  }
  return { entry, raw, opinion: parseOpinionMarkup(raw) };
}

export function labelledSet(): LabelledQuote[] {
  return JSON.parse(readFileSync(LABELLED_FILE, 'utf8')) as LabelledQuote[];
}

export interface Outcome {
  item: LabelledQuote;
  check: QuoteCheck | null;
  /** Why the quotation never reached the check (not found in the brief, not tied, another case). */
  lost: string | null;
  ok: boolean;
}

const squash = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();

/** Whether the engine's answer is the label's. */
export function judge(item: LabelledQuote, check: QuoteCheck): boolean {
  if (item.expect === 'verified') return check.status === 'verified';
  if (item.expect === 'wrong-page') return check.status === 'wrong-page' && check.foundPage !== null && check.foundPage.split('-')[0] === item.truthPage;
  return check.status === 'altered' || check.status === 'not-found';
}

export function runLabelled(items: LabelledQuote[], prepared: Map<string, PreparedOpinion>): Outcome[] {
  return items.map((item) => {
    const citations = findCitations(item.brief);
    const quote = findQuotes(item.brief, citations).find((q) => squash(q.text) === squash(item.quote));
    if (!quote) return { item, check: null, lost: 'quotation not found in the brief', ok: false };
    const target = quoteTarget(quote, citations);
    if ('reason' in target) return { item, check: null, lost: `not tied to a case (${target.reason}; tie ${quote.tie})`, ok: false };
    if (!target.cites.some((c) => c.normalized === item.cite)) return { item, check: null, lost: `tied to ${target.caseKey}`, ok: false };
    const check = checkQuote(quote, { opinion: prepared.get(item.opinion)!, target });
    return { item, check, lost: null, ok: judge(item, check) };
  });
}

export const EXACT_KINDS: Kind[] = ['exact', 'phrase', 'footnote', 'alteration', 'ellipsis', 'page-break'];
export const PROBLEM_KINDS: Kind[] = ['substituted', 'negation', 'invented'];

export interface Figures {
  total: number;
  /** Exact quotations (right pin, legitimate changes, across a page break) reported as a problem. */
  exactTotal: number;
  exactProblems: number;
  /** Altered and invented quotations reported altered or not-found. */
  problemTotal: number;
  problemFlagged: number;
  /** Wrong pins reported wrong-page with the page the words are on. */
  wrongPinTotal: number;
  wrongPinNamed: number;
  byKind: Map<Kind, { total: number; ok: number; statuses: Map<string, number> }>;
}

export function figures(outcomes: Outcome[]): Figures {
  const byKind = new Map<Kind, { total: number; ok: number; statuses: Map<string, number> }>();
  for (const o of outcomes) {
    const k = byKind.get(o.item.kind) ?? { total: 0, ok: 0, statuses: new Map<string, number>() };
    k.total++;
    if (o.ok) k.ok++;
    const status = o.check?.status ?? 'lost';
    k.statuses.set(status, (k.statuses.get(status) ?? 0) + 1);
    byKind.set(o.item.kind, k);
  }
  const exact = outcomes.filter((o) => EXACT_KINDS.includes(o.item.kind));
  const problems = outcomes.filter((o) => PROBLEM_KINDS.includes(o.item.kind));
  const wrong = outcomes.filter((o) => o.item.kind === 'wrong-pin');
  return {
    total: outcomes.length,
    exactTotal: exact.length,
    // A problem: anything but verified (lost ones count: the lawyer would not see them verified).
    exactProblems: exact.filter((o) => !o.check || o.check.status !== 'verified').length,
    problemTotal: problems.length,
    problemFlagged: problems.filter((o) => o.ok).length,
    wrongPinTotal: wrong.length,
    wrongPinNamed: wrong.filter((o) => o.ok).length,
    byKind,
  };
}

export function report(f: Figures): string {
  const pct = (a: number, b: number) => `${a}/${b} (${b ? ((100 * a) / b).toFixed(1) : '0.0'}%)`;
  const lines = [
    `labelled set: ${f.total} quotations`,
    `  altered and invented reported altered or not-found: ${pct(f.problemFlagged, f.problemTotal)}  (target >= 95%)`,
    `  exact quotations reported as a problem:            ${f.exactProblems} of ${f.exactTotal}  (target 0)`,
    `  wrong pins named (wrong-page, right page):         ${pct(f.wrongPinNamed, f.wrongPinTotal)}  (target >= 90%)`,
    '  by kind:',
  ];
  for (const [kind, k] of f.byKind) {
    lines.push(`    ${kind.padEnd(12)} ${pct(k.ok, k.total).padEnd(16)} ${[...k.statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  }
  return lines.join('\n');
}

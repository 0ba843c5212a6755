/**
 * The optional language-model pass, pure part: how the text is cut into chunks, what the
 * model is asked, how its answer is read, and how its findings are merged.
 *
 * The model is a second pair of eyes, never a judge: every "missed" citation it reports is
 * re-parsed by the engine and must be found, as written, in the document; a string the
 * engine cannot parse, or that the document does not contain, is dropped. A case name it
 * completes must share a party word with the text just before the citation, so it completes
 * a name the brief alludes to rather than inventing one. Verdicts come only from validation.
 */
import { z } from 'zod';
import { findCitations, positionAt, type Citation, type DocumentPosition } from '@citecheck/citations';
import type { CitationInput } from './extract';
import { contextLocator, readableContext, type ContextLocator } from './context';

export interface Chunk {
  /** Offset of the chunk in the document text. */
  offset: number;
  text: string;
}

/** Cuts `text` into chunks of at most `maxChars`, at paragraph breaks where possible. */
export function chunkText(text: string, maxChars: number): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + maxChars);
    if (end < text.length) {
      const paragraphBreak = text.lastIndexOf('\n\n', end);
      const sentenceBreak = text.lastIndexOf('. ', end);
      if (paragraphBreak > start + maxChars / 2) end = paragraphBreak;
      else if (sentenceBreak > start + maxChars / 2) end = sentenceBreak + 1;
    }
    chunks.push({ offset: start, text: text.slice(start, end) });
    start = end;
  }
  return chunks;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const SYSTEM_PROMPT = [
  'You help check the legal citations in a brief.',
  'You are given an excerpt and the citations a parser already found in it.',
  'Answer with JSON only: {"missed": [string], "caseNames": [{"citation": string, "caseName": string}]}.',
  '"missed": citations to cases, statutes or regulations in the excerpt that the parser did not list, copied exactly as written in the excerpt.',
  '"caseNames": for listed case citations without a case name, the full case name when the excerpt names or abbreviates the case.',
  'Do not judge whether citations are real. Do not add citations that are not in the excerpt.',
].join(' ');

/** The messages for one chunk: the excerpt and what the engine already found in it. */
export function buildMessages(chunk: Chunk, found: Citation[]): ChatMessage[] {
  const inChunk = found.filter((c) => c.start >= chunk.offset && c.start < chunk.offset + chunk.text.length);
  const listed = inChunk.map((c) => `- ${c.text}${c.type === 'case' ? ` (case name: ${c.caseName ?? 'none'})` : ''}`).join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Citations the parser found:\n${listed || '(none)'}\n\nExcerpt:\n"""\n${chunk.text}\n"""` },
  ];
}

const answerSchema = z.object({
  missed: z.array(z.string()).default([]),
  caseNames: z.array(z.object({ citation: z.string(), caseName: z.string() })).default([]),
});

export type ModelAnswer = z.infer<typeof answerSchema>;

/** Reads the model's JSON; anything unreadable counts as "nothing found" (the engine's findings stand). */
export function parseModelAnswer(content: string | null | undefined): ModelAnswer {
  if (!content) return { missed: [], caseNames: [] };
  // Some models wrap JSON in a code fence even when asked not to.
  const json = content.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  try {
    const parsed = answerSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : { missed: [], caseNames: [] };
  } catch {
    return { missed: [], caseNames: [] };
  }
}

export interface MergeResult {
  citations: Citation[];
  /** Citations added from the model's findings. */
  added: Set<Citation>;
  /** Engine citations whose case name the model completed. */
  named: number;
}

/** Where `needle` occurs in `text`, allowing any run of whitespace where it has whitespace. */
function locate(text: string, needle: string, from = 0): { start: number; end: number } | null {
  const trimmed = needle.trim();
  if (!trimmed) return null;
  const pattern = trimmed
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const re = new RegExp(pattern, 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** Lower-case party words of a case name, without the words every name has. */
function partyWords(name: string): string[] {
  const common = new Set(['v', 'vs', 'the', 'of', 'and', 'in', 're', 'inc', 'co', 'corp', 'llc', 'ltd', 'et', 'al', 'ex', 'rel', 'united', 'states', 'state', 'people', 'city', 'county']);
  return name
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .filter((w) => w.length > 2 && !common.has(w));
}

/** The sentence (or up to 300 characters) around a span, for originalContext. */
function contextAround(text: string, start: number, end: number): string {
  const before = text.slice(Math.max(0, start - 300), start);
  const after = text.slice(end, end + 300);
  const from = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
  const stop = after.search(/\.\s|\n/);
  return (before.slice(from) + text.slice(start, end) + (stop === -1 ? after : after.slice(0, stop + 1))).replace(/\s+/g, ' ').trim();
}

/**
 * Merges the model's answers into the engine's citations. Returns the engine's citations
 * (some with a completed case name) plus the accepted missed ones, in document order.
 */
export function mergeModelFindings(input: CitationInput, engine: Citation[], answers: ModelAnswer[]): MergeResult {
  const citations = engine.map((c) => ({ ...c }));
  const added = new Set<Citation>();
  let named = 0;
  // Built once, at the first added citation: building one reads the whole text.
  let locator: ContextLocator | undefined;

  for (const answer of answers) {
    for (const missed of answer.missed) {
      const parsed = findCitations(missed, { resolve: false })[0];
      if (!parsed) continue; // the engine cannot read it: dropped
      // Search from the start each time, skipping spans the engine already has.
      let from = 0;
      let span = locate(input.text, missed, from);
      while (span && citations.some((c) => overlaps(c, span!))) {
        from = span.end;
        span = locate(input.text, missed, from);
      }
      if (!span) continue; // not in the document as written: dropped
      const position: DocumentPosition | null = positionAt(input.positions, span.start);
      const citation: Citation = {
        ...parsed,
        text: input.text.slice(span.start, span.end),
        start: span.start,
        end: span.end,
        fullStart: span.start,
        fullEnd: span.end,
        // Its 300-character window can end inside a word: trimmed to whole words like the engine's.
        context: readableContext(input.text, { ...span, fullStart: span.start, context: contextAround(input.text, span.start, span.end) }, (locator ??= contextLocator(input.text))),
        documentPage: position?.page ?? null,
        paragraph: position?.paragraph ?? null,
        paragraphKind: position?.kind ?? (position ? 'body' : null),
      };
      citations.push(citation);
      added.add(citation);
    }

    for (const { citation: cited, caseName } of answer.caseNames) {
      const normalized = findCitations(cited, { resolve: false })[0]?.normalized;
      if (!normalized || !caseName.trim()) continue;
      for (const c of citations) {
        if (c.type !== 'case' || c.caseName || c.normalized !== normalized) continue;
        const before = input.text.slice(Math.max(0, c.start - 300), c.start).toLowerCase();
        if (!partyWords(caseName).some((w) => before.includes(w))) continue;
        c.caseName = caseName.trim();
        const [plaintiff, defendant] = caseName.split(/\s+v\.?\s+/);
        c.plaintiff = plaintiff?.trim() || null;
        c.defendant = defendant?.trim() || null;
        named++;
      }
    }
  }
  citations.sort((a, b) => a.start - b.start);
  return { citations, added, named };
}

import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findCitations, formatCitationsJson, type Citation } from '@citecheck/citations';
import {
  LocalCitationIndex,
  courtListenerFromEnv,
  defaultIndexPath,
  ensureDemoIndex,
  findBriefQuotes,
  quotesByCitation,
  verify,
  type CaseLawProvider,
} from '@citecheck/caselaw';
import type { QuoteCheckResult, Verdict } from '@citecheck/proto';
import type { Command } from '../commands';
import { parseArgs, readInput, type DocumentInput } from '../input';
import type { CliIO } from '../io';
import { describeCitation } from './extract';

const MARK = { true: 'VALID     ', false: 'INVALID   ', null: 'UNVERIFIED' } as const;
const QUOTE_MARK: Record<QuoteCheckResult['status'], string> = { verified: 'VERIFIED', 'wrong-page': 'WRONG PAGE', altered: 'ALTERED', 'not-found': 'NOT FOUND', unchecked: 'UNCHECKED' };

/** The output contract of a quotation in `--json`: `{ text, status, foundPage, message }`, and the opinion's words and the change. */
function contract(q: QuoteCheckResult): QuoteCheckResult {
  return { text: q.text, status: q.status, foundPage: q.foundPage, message: q.message, pin: q.pin ?? null, opinionText: q.opinionText ?? null, diff: q.diff ?? null };
}

function shorten(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
}

function detailsText(verdict: Verdict): string {
  const d = verdict.validationDetails;
  return typeof d === 'string' ? d : [d.message, d.suggestion].filter(Boolean).join(' — ');
}

/**
 * The case-law sources the product uses, opened the same way: the local index (the demo one
 * is built when none exists, and it never calls a case fabricated because it is not
 * authoritative), then CourtListener when COURTLISTENER_TOKEN is set.
 */
async function openProviders(indexPath: string): Promise<{ providers: CaseLawProvider[]; close(): void }> {
  if (!existsSync(indexPath) && process.env.CASELAW_DEMO_INDEX !== 'false') await ensureDemoIndex(indexPath);
  const local = existsSync(indexPath) ? LocalCitationIndex.open(indexPath) : null;
  const courtListener = courtListenerFromEnv();
  return {
    providers: [local, courtListener].filter((p): p is NonNullable<typeof p> => p !== null),
    close: () => local?.close(),
  };
}

/**
 * `--annotate out.docx` / `out.pdf`: the document back with a comment (a highlight in a PDF) on
 * each flagged citation, in the same format as the input. Written to a temporary file beside
 * the target and renamed, so a failure never leaves a half-written copy.
 */
async function writeAnnotated(target: string, input: DocumentInput, citations: Citation[], verdicts: Verdict[], quotes: QuoteCheckResult[][], io: CliIO): Promise<void> {
  const { annotateDocument } = await import('@citecheck/annotate');
  const type = input.document.fileType;
  const wanted = path.extname(target).toLowerCase();
  if (type === 'txt') throw new Error('--annotate needs a .docx or .pdf document: a plain-text file has nothing to annotate');
  if (wanted !== `.${type}`) {
    throw new Error(
      type === 'docx'
        ? '--annotate of a Word document writes a .docx (a PDF of it would need a word processor): name the output out.docx'
        : '--annotate of a PDF writes a .pdf: name the output out.pdf',
    );
  }
  const result = await annotateDocument(input.bytes, {
    document: input.document,
    citations: citations.map((c, i) => ({ ...c, ...verdicts[i], quotes: quotes[i] })),
    checkedAt: new Date(),
  });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.part`);
  try {
    await writeFile(temporary, result.bytes);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  const unplaced = result.unplaced.length ? `; ${result.unplaced.length} could not be placed on its words and ${result.unplaced.length === 1 ? 'is' : 'are'} listed in the summary` : '';
  io.err(`annotated copy: ${target} (${result.placed.length} finding${result.placed.length === 1 ? '' : 's'} marked${unplaced})`);
}

export const checkCommand: Command = {
  name: 'check',
  usage: 'check <file> [--json] [--index PATH] [--annotate OUT]',
  summary: 'read, extract and verify (citations, and the words quoted from each case); exit 0 all valid, 1 any invalid citation or altered or unfound quotation, 2 error; --annotate writes the document back with the findings marked',
  async run(args, io) {
    const { positional, flags, values } = parseArgs(args, ['index', 'annotate']);
    if (positional.length !== 1) throw new Error('expected one file (or - for standard input)');
    const annotate = values.get('annotate');
    const input = await readInput(positional[0], io, { layout: annotate !== undefined });
    const { text, positions, blocks } = input;
    const citations = findCitations(text, { positions });
    const { providers, close } = await openProviders(values.get('index') ?? process.env.CASELAW_INDEX_PATH ?? defaultIndexPath());
    try {
      const { verdicts } = await verify(citations, providers, {
        onProgress: io.isTTY ? (p) => io.progress(`verifying ${p.completed}/${p.total}`) : undefined,
      });
      // The words quoted from each case, checked against its opinion (local text, else fetched).
      const quotes = await quotesByCitation(findBriefQuotes(text, citations, blocks), citations.length, verdicts, providers);
      if (io.isTTY) io.progress('');
      if (flags.has('json')) {
        // Every case citation carries its quotations (an empty list when it has none).
        const rows = formatCitationsJson(citations).map((json, i) => ({ ...json, ...verdicts[i], ...(citations[i].type === 'case' ? { quotes: quotes[i].map(contract) } : {}) }));
        io.out(JSON.stringify(rows, null, 2));
      } else {
        citations.forEach((c, i) => {
          const v = verdicts[i];
          io.out(`${MARK[String(v.isValid) as keyof typeof MARK]} ${String(v.confidence).padStart(3)}%  ${describeCitation(c)}`);
          io.out(`           ${detailsText(v)}`);
          for (const q of quotes[i]) io.out(`           quotation ${QUOTE_MARK[q.status]} “${shorten(q.text)}”: ${q.message}`);
        });
      }
      if (annotate !== undefined) await writeAnnotated(annotate, input, citations, verdicts, quotes, io);
      const cases = verdicts.filter((_, i) => citations[i].type === 'case');
      const invalid = cases.filter((v) => v.isValid === false).length;
      const valid = cases.filter((v) => v.isValid === true).length;
      const all = quotes.flat();
      const altered = all.filter((q) => q.status === 'altered').length;
      const notFound = all.filter((q) => q.status === 'not-found').length;
      io.err(`${cases.length} case citations: ${valid} valid, ${invalid} invalid, ${cases.length - valid - invalid} unverified`);
      if (all.length) io.err(`${all.length} quotation${all.length === 1 ? '' : 's'}: ${altered} altered, ${notFound} not found in the opinion`);
      // An altered or invented quotation is as much a problem for the filing as an invalid citation.
      return invalid > 0 || altered > 0 || notFound > 0 ? 1 : 0;
    } finally {
      close();
    }
  },
};

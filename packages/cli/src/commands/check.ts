import { existsSync } from 'node:fs';
import { findCitations, formatCitationsJson } from '@citecheck/citations';
import {
  LocalCitationIndex,
  courtListenerFromEnv,
  defaultIndexPath,
  ensureDemoIndex,
  verify,
  type CaseLawProvider,
} from '@citecheck/caselaw';
import type { Verdict } from '@citecheck/proto';
import type { Command } from '../commands';
import { parseArgs, readInput } from '../input';
import { describeCitation } from './extract';

const MARK = { true: 'VALID     ', false: 'INVALID   ', null: 'UNVERIFIED' } as const;

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

export const checkCommand: Command = {
  name: 'check',
  usage: 'check <file> [--json] [--index PATH]',
  summary: 'read, extract and verify; exit 0 all valid, 1 any invalid, 2 error',
  async run(args, io) {
    const { positional, flags, values } = parseArgs(args, ['index']);
    if (positional.length !== 1) throw new Error('expected one file (or - for standard input)');
    const { text, positions } = await readInput(positional[0], io);
    const citations = findCitations(text, { positions });
    const { providers, close } = await openProviders(values.get('index') ?? process.env.CASELAW_INDEX_PATH ?? defaultIndexPath());
    try {
      const { verdicts } = await verify(citations, providers, {
        onProgress: io.isTTY ? (p) => io.progress(`verifying ${p.completed}/${p.total}`) : undefined,
      });
      if (io.isTTY) io.progress('');
      if (flags.has('json')) {
        const rows = formatCitationsJson(citations).map((json, i) => ({ ...json, ...verdicts[i] }));
        io.out(JSON.stringify(rows, null, 2));
      } else {
        citations.forEach((c, i) => {
          const v = verdicts[i];
          io.out(`${MARK[String(v.isValid) as keyof typeof MARK]} ${String(v.confidence).padStart(3)}%  ${describeCitation(c)}`);
          io.out(`           ${detailsText(v)}`);
        });
      }
      const cases = verdicts.filter((_, i) => citations[i].type === 'case');
      const invalid = cases.filter((v) => v.isValid === false).length;
      const valid = cases.filter((v) => v.isValid === true).length;
      io.err(`${cases.length} case citations: ${valid} valid, ${invalid} invalid, ${cases.length - valid - invalid} unverified`);
      return invalid > 0 ? 1 : 0;
    } finally {
      close();
    }
  },
};

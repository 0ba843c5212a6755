import { findCitations, formatCitationsJson, type Citation } from '@citecheck/citations';
import type { Command } from '../commands';
import { parseArgs, readInput } from '../input';

/** One line per citation: where it is, what it is, and how it reads. */
export function describeCitation(c: Citation): string {
  const where = [c.documentPage !== null ? `p.${c.documentPage}` : null, c.paragraph !== null ? `¶${c.paragraph + 1}` : null].filter(Boolean).join(' ');
  const kind = c.type === 'case' ? (c.form === 'full' ? 'case' : `case/${c.form}`) : c.type;
  const name = c.caseName ? `  ${c.caseName}` : '';
  const refers = c.antecedent && c.form !== 'full' ? `  -> ${c.antecedent}` : '';
  return `${where.padEnd(10)} ${kind.padEnd(11)} ${c.normalized ?? c.text}${name}${refers}`;
}

export const extractCommand: Command = {
  name: 'extract',
  usage: 'extract <file.pdf|file.docx|file.txt|-> [--json]',
  summary: 'print every citation in a document',
  async run(args, io) {
    const { positional, flags } = parseArgs(args);
    if (positional.length !== 1) throw new Error('expected one file (or - for standard input)');
    const { text, positions, document } = await readInput(positional[0], io);
    const citations = findCitations(text, { positions });
    if (flags.has('json')) {
      io.out(JSON.stringify(formatCitationsJson(citations), null, 2));
      return 0;
    }
    for (const citation of citations) io.out(describeCitation(citation));
    const counts = ['case', 'statute', 'regulation', 'rule', 'journal'].map((t) => `${citations.filter((c) => c.type === t).length} ${t}`);
    io.err(`${citations.length} citations (${counts.join(', ')})${document.ocrUsed ? `, ${document.ocrPages} pages read by OCR` : ''}`);
    return 0;
  },
};

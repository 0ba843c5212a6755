import { findCitations } from '@citecheck/citations';
import { findQuotes } from './brief';

/** Each quotation as `kind "first words" -> citation (tie) notes`. */
function read(text: string, options?: Parameters<typeof findQuotes>[2]): string[] {
  const cites = findCitations(text);
  return findQuotes(text, cites, options).map((q) => {
    const to = q.citation === null ? 'none' : `${cites[q.citation].text} (${q.tie})`;
    return `${q.kind} "${q.text.split(/\s+/).slice(0, 4).join(' ')}" -> ${to}${q.notes.length ? ` ${q.notes.join(',')}` : ''}`;
  });
}

describe('findQuotes: quotations tied to their citations', () => {
  const cases: Array<[string, string, string[]]> = [
    ['the citation sentence after the one the quotation ends (Id.)', 'The court held that "a plea must be knowing and voluntary." Id. at 652.', ['inline "a plea must be" -> Id. at 652 (next-sentence)']],
    ['the citation after it in its sentence', 'The court held that "a plea must be knowing and voluntary," Smith v. Jones, 550 U.S. 544, 556 (2007), and reversed.', ['inline "a plea must be" -> 550 U.S. 544 (following)']],
    ['a parenthetical', 'See Smith v. Jones, 550 U.S. 544, 556 (2007) (holding that "a plea must be knowing and voluntary").', ['inline "a plea must be" -> 550 U.S. 544 (parenthetical)']],
    [
      'an Id. closing the paragraph before is not in its sentence: the citation after it is',
      'It added that "the buyer may not object after thirty days." Id.\n\nThe application was denied "because the questions presented should not be reviewed." Doe v. Roe, 1 F.3d 1, 5 (1st Cir. 1993).',
      ['inline "the buyer may not" -> Id. (next-sentence)', 'inline "because the questions presented" -> 1 F.3d 1 (next-sentence)'],
    ],
    ['a citation before it in its sentence', 'In Smith v. Jones, 550 U.S. 544, 556 (2007), the court said that "a plea must be knowing and voluntary." The rule is settled.', ['inline "a plea must be" -> 550 U.S. 544 (preceding)']],
    [
      'before it in its sentence wins over another case cited in the next',
      'In Smith v. Jones, 550 U.S. 544, 556 (2007), the court said that "a plea must be knowing and voluntary." Doe v. Roe, 1 F.3d 1, 5 (1st Cir. 1993).',
      ['inline "a plea must be" -> 550 U.S. 544 (preceding)'],
    ],
    [
      'a short form, curly quotes, single quotes nested',
      'Smith v. Jones, 550 U.S. 544 (2007). The court later added that “a plea must be ‘knowing’ and voluntary.” Smith, 550 U.S. at 556.',
      ['inline "a plea must be" -> 550 U.S. at 556 (next-sentence)'],
    ],
    ['a case name with abbreviations before the citation', 'It held that "the relief sought should not be granted." Fin. Oversight & Mgmt. Bd. v. Altair Glob., 590 B.R. 577, 580 (2018).', ['inline "the relief sought should" -> 590 B.R. 577 (next-sentence)']],
    ['In re names', 'It held that "the title of the statute should not be exaggerated." In re J.W., 100 A.3d 1091, 1095 (D.C. 2014).', ['inline "the title of the" -> 100 A.3d 1091 (next-sentence)']],
    ['a record citation after it: the record’s words, not a case’s', 'The contract says "the buyer shall pay within thirty days" (Compl. ¶ 5). See Smith v. Jones, 550 U.S. 544, 556 (2007).', ['inline "the buyer shall pay" -> none']],
    ['a statute’s words', 'The statute says "no person shall be deprived of property." 42 U.S.C. § 1983.', ['inline "no person shall be" -> none']],
    ['a defined term is not a quotation', 'The Agreement (the "Master Agreement") governs. Smith v. Jones, 550 U.S. 544, 556 (2007).', []],
    ['a sentence between the quotation and the citation: not tied', 'The court held that "a plea must be knowing and voluntary." This matters greatly here. Smith v. Jones, 550 U.S. 544, 556 (2007).', ['inline "a plea must be" -> none']],
    ['notes after the citation', '"A plea must be knowing and voluntary." Smith v. Jones, 550 U.S. 544, 556 (2007) (cleaned up).', ['inline "A plea must be" -> 550 U.S. 544 (next-sentence) cleaned-up']],
    [
      'every note read',
      '"A plea must be knowing and voluntary." Smith v. Jones, 550 U.S. 544, 556 (2007) (emphasis added) (alteration in original) (internal quotation marks and citations omitted).',
      ['inline "A plea must be" -> 550 U.S. 544 (next-sentence) emphasis-added,internal-quotation-marks-omitted,alteration-in-original,citations-omitted'],
    ],
    ['straight quotes, the closing one after the period', 'The court said "a plea must be knowing and voluntary." Smith v. Jones, 550 U.S. 544, 556 (2007).', ['inline "a plea must be" -> 550 U.S. 544 (next-sentence)']],
    ['a quotation does not run past its paragraph', 'He wrote "an unclosed quotation of many words\n\nA new paragraph." Smith v. Jones, 550 U.S. 544, 556 (2007).', []],
    [
      'unless the next paragraph goes on with a lowercase word (a page break of the brief)',
      'He wrote "a quotation of many words cut by the\n\nend of a page." Smith v. Jones, 550 U.S. 544, 556 (2007).',
      ['inline "a quotation of many" -> 550 U.S. 544 (next-sentence)'],
    ],
    [
      'a block quotation introduced by a colon, its citation on the line after',
      'The court explained:\n\nA plea must be knowing and voluntary, and the record must show it.\n\nSmith v. Jones, 550 U.S. 544, 556 (2007) (emphasis added).',
      ['block "A plea must be" -> 550 U.S. 544 (block) emphasis-added'],
    ],
    [
      'a block quotation ending with its citation (an Id. with nothing before it: tied, left for quoteTarget to refuse)',
      'The court explained:\n\nA plea must be knowing and voluntary, and the record must show it. Id. at 556.\n\nWe agree.',
      ['block "A plea must be" -> Id. at 556 (block)'],
    ],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('a block quotation ending with its citation, after a full citation', () => {
    const text = 'See Smith v. Jones, 550 U.S. 544 (2007). The court explained:\n\nA plea must be knowing and voluntary, and the record must show it. Id. at 556.\n\nWe agree.';
    expect(read(text)).toEqual(['block "A plea must be" -> Id. at 556 (block)']);
    const q = findQuotes(text, findCitations(text))[0];
    expect(q.text).toBe('A plea must be knowing and voluntary, and the record must show it.');
  });

  it('block quotations as the reader gives them (indented paragraphs), the lead-in sentence’s citation', () => {
    const text = 'In Smith v. Jones, 550 U.S. 544, 556 (2007), the Court wrote\n\nA plea must be knowing\n\nand voluntary, and the record must show it.\n\nWe agree.';
    const start = text.indexOf('A plea');
    const mid = text.indexOf('and voluntary');
    const blocks = [
      { start, end: start + 'A plea must be knowing'.length },
      { start: mid, end: mid + 'and voluntary, and the record must show it.'.length },
    ];
    expect(read(text, { blocks })).toEqual(['block "A plea must be" -> 550 U.S. 544 (block)']);
    // Without the reader's blocks, nothing here looks like one (no colon, no citation after it).
    expect(read(text)).toEqual([]);
  });

  it('quotations inside a block are part of it, not quotations of their own', () => {
    const text = 'The court explained:\n\nA plea must be "knowing and voluntary and intelligent," and the record must show it.\n\nSmith v. Jones, 550 U.S. 544, 556 (2007).';
    expect(read(text)).toEqual(['block "A plea must be" -> 550 U.S. 544 (block)']);
  });

  it('leaves out quotations shorter than minWords', () => {
    const text = 'The court called it "plainly wrong." Smith v. Jones, 550 U.S. 544, 556 (2007).';
    expect(read(text)).toEqual([]);
    expect(read(text, { minWords: 2 })).toEqual(['inline "plainly wrong." -> 550 U.S. 544 (next-sentence)']);
  });
});

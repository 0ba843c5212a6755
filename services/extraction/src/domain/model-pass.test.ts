import { findCitations } from '@citecheck/citations';
import { chunkText, mergeModelFindings, parseModelAnswer } from './model-pass';

const text = 'Intro paragraph.\n\nSee Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007).\n\nLater, the Iqbal court wrote at 556 U.S. 662 (2009).';
const positions = [
  { offset: 0, page: 1, paragraph: 0 },
  { offset: 18, page: 1, paragraph: 1 },
  { offset: text.indexOf('Later'), page: 2, paragraph: 2 },
];

describe('mergeModelFindings', () => {
  const all = findCitations(text, { positions });
  // The engine "missed" the Iqbal citation: the model's finding must bring it back, placed.
  const engine = all.filter((c) => c.text !== '556 U.S. 662');

  it.each([
    ['a citation the engine missed, as written in the document', ['556 U.S. 662'], ['550 U.S. 544', '556 U.S. 662']],
    ['with different spacing than the document', ['556  U.S.   662'], ['550 U.S. 544', '556 U.S. 662']],
    ['a citation not in the document (dropped)', ['999 F.3d 999'], ['550 U.S. 544']],
    ['a string the engine cannot parse (dropped)', ['the Iqbal case'], ['550 U.S. 544']],
    ['one the engine already has (not doubled)', ['550 U.S. 544'], ['550 U.S. 544']],
  ])('%s', (_name, missed, texts) => {
    const merged = mergeModelFindings({ text, positions }, engine, [{ missed, caseNames: [] }]);
    expect(merged.citations.map((c) => c.text)).toEqual(texts);
    const added = [...merged.added];
    if (texts.length === 2) {
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ start: text.indexOf('556 U.S. 662'), documentPage: 2, paragraph: 2, normalized: '556 U.S. 662' });
    } else expect(added).toHaveLength(0);
  });

  it('completes a case name only when the brief alludes to a party just before', () => {
    const bare = findCitations(text, { positions }).map((c) => ({ ...c, caseName: c.text === '556 U.S. 662' ? null : c.caseName }));
    const completed = mergeModelFindings({ text, positions }, bare, [{ missed: [], caseNames: [{ citation: '556 U.S. 662', caseName: 'Ashcroft v. Iqbal' }] }]);
    expect(completed.citations.find((c) => c.text === '556 U.S. 662')?.caseName).toBe('Ashcroft v. Iqbal');
    expect(completed.named).toBe(1);
    const invented = mergeModelFindings({ text, positions }, bare, [{ missed: [], caseNames: [{ citation: '556 U.S. 662', caseName: 'Smith v. Jones' }] }]);
    expect(invented.citations.find((c) => c.text === '556 U.S. 662')?.caseName).toBeNull();
  });
});

describe('parseModelAnswer', () => {
  it.each([
    ['{"missed":["1 U.S. 1"],"caseNames":[]}', ['1 U.S. 1']],
    ['```json\n{"missed":["1 U.S. 1"]}\n```', ['1 U.S. 1']],
    ['not json', []],
    ['{"missed": "oops"}', []],
    [null, []],
  ])('%j', (content, missed) => {
    expect(parseModelAnswer(content).missed).toEqual(missed);
  });
});

describe('chunkText', () => {
  it('covers the text exactly, in chunks no longer than asked, cut at paragraph breaks', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} `.repeat(20).trim()).join('\n\n');
    const chunks = chunkText(long, 1000);
    expect(chunks.map((c) => c.text).join('')).toBe(long);
    expect(chunks.every((c) => c.text.length <= 1000)).toBe(true);
    chunks.forEach((c) => expect(long.slice(c.offset, c.offset + c.text.length)).toBe(c.text));
    expect(chunks.slice(1).every((c) => c.text.startsWith('\n\n'))).toBe(true);
  });
});

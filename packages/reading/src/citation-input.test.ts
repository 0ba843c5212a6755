import { toCitationInput } from './citation-input';
import type { ReadDocument } from './types';

describe('toCitationInput', () => {
  it('joins paragraphs with a blank line and records where each starts', () => {
    const document: ReadDocument = {
      fileType: 'pdf',
      ocrUsed: false,
      ocrPages: [],
      warnings: [],
      pages: [
        { number: 1, paragraphs: [{ index: 0, text: 'See 550 U.S. 544.', kind: 'body' }, { index: 1, text: '1 Id. at 570.', kind: 'footnote' }] },
        { number: 2, paragraphs: [{ index: 2, text: 'Next page.', kind: 'body' }] },
      ],
    };
    const { text, positions } = toCitationInput(document);
    expect(text).toBe('See 550 U.S. 544.\n\n1 Id. at 570.\n\nNext page.');
    expect(positions).toEqual([
      { offset: 0, page: 1, paragraph: 0, kind: 'body' },
      { offset: 19, page: 1, paragraph: 1, kind: 'footnote' },
      { offset: 34, page: 2, paragraph: 2, kind: 'body' },
    ]);
    for (const [i, position] of positions.entries()) {
      const paragraph = document.pages.flatMap((p) => p.paragraphs)[i];
      expect(text.slice(position.offset, position.offset + paragraph.text.length)).toBe(paragraph.text);
    }
  });
  it('gives an empty document empty input', () => {
    expect(toCitationInput({ fileType: 'docx', ocrUsed: false, ocrPages: [], warnings: [], pages: [{ number: null, paragraphs: [] }] })).toEqual({ text: '', positions: [], blocks: [] });
  });
});

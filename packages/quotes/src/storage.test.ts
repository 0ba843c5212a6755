import { decodeOpinionText, encodeOpinionText, StoredOpinionError } from './storage';
import { loadOpinion, manifest } from '../test/labelled';

describe('the stored form of an opinion text', () => {
  it('gives back exactly what was stored, for every opinion of the labelled set', () => {
    let stored = 0;
    let text = 0;
    for (const entry of manifest()) {
      const { opinion } = loadOpinion(entry);
      const bytes = encodeOpinionText(opinion);
      expect(decodeOpinionText(bytes)).toEqual(opinion);
      stored += bytes.length;
      text += Buffer.byteLength(opinion.text);
    }
    // Compressed: a fraction of the text (the benchmark prints the figures).
    expect(stored).toBeLessThan(text / 3);
  });
  it('keeps text beyond Latin-1 and lone surrogates at their offsets', () => {
    const opinion = { text: 'Peña — “quoted” 𝒳 \ud800 end', marks: [{ offset: 22, label: 'xii', series: 0 }], series: [{ citationIndex: null }], footnotes: [] };
    const back = decodeOpinionText(encodeOpinionText(opinion));
    expect(back.text.length).toBe(opinion.text.length);
    expect(back.marks).toEqual(opinion.marks);
    expect(back.text.slice(0, 15)).toBe(opinion.text.slice(0, 15));
  });
  it('refuses bytes that are not a stored opinion, saying so', () => {
    const good = encodeOpinionText({ text: 'some text', marks: [], series: [], footnotes: [] });
    expect(() => decodeOpinionText(new Uint8Array([1, 2, 3, 4]))).toThrow(StoredOpinionError);
    expect(() => decodeOpinionText(good.subarray(0, good.length - 3))).toThrow(StoredOpinionError);
    const otherVersion = Uint8Array.from(good);
    otherVersion[2] = 9;
    expect(() => decodeOpinionText(otherVersion)).toThrow('Not a stored opinion text: version 9');
  });
  it('refuses to store marks out of order', () => {
    expect(() =>
      encodeOpinionText({ text: 'abc', marks: [{ offset: 2, label: '2', series: 0 }, { offset: 1, label: '3', series: 0 }], series: [{ citationIndex: 1 }], footnotes: [] }),
    ).toThrow(RangeError);
  });
});

import { mapReaderText } from './text-map';

const strip = (s: string) => s.replace(/\s/g, '');

describe('mapReaderText', () => {
  it('maps every span of the same text, whatever the white space', () => {
    const text = 'See Bell Atl. Corp. v. Twombly,  550 U.S. 544 (2007).\n\nNext paragraph.';
    const chars = strip(text);
    const mapper = mapReaderText(text, { chars });
    const start = text.indexOf('550');
    const end = start + '550 U.S. 544'.length;
    const range = mapper.locate(start, end)!;
    expect(chars.slice(range.from, range.to + 1)).toBe('550U.S.544');
  });

  it('skips a hyphen the reader dropped at a line end', () => {
    const text = 'Bell Atl. Corp. v. Twombly, 550 U.S. 544';
    const chars = 'BellAtl.Corp.v.Twom-bly,550U.S.544';
    const droppable = new Uint8Array(chars.length);
    droppable[chars.indexOf('-')] = 1;
    const mapper = mapReaderText(text, { chars, droppable });
    const range = mapper.locate(text.indexOf('Twombly'), text.indexOf('Twombly') + 7)!;
    expect(chars.slice(range.from, range.to + 1)).toBe('Twom-bly');
    const cite = mapper.locate(text.indexOf('550'), text.length)!;
    expect(chars.slice(cite.from, cite.to + 1)).toBe('550U.S.544');
  });

  it('lines up again after text only one side has', () => {
    const text = 'Intro text. See Ashcroft v. Iqbal, 556 U.S. 662 (2009). More text follows here.';
    // The source has a text box's words in the middle the reader put elsewhere, and a symbol it reads differently.
    const chars = strip('Intro text. [a text box the reader puts after the paragraph] See Ashcroft v. Iqbal, 556 U.S. 662 (2009). More t\ufffcxt follows here.');
    const mapper = mapReaderText(text, { chars });
    const start = text.indexOf('556');
    const range = mapper.locate(start, start + '556 U.S. 662'.length)!;
    expect(chars.slice(range.from, range.to + 1)).toBe('556U.S.662');
    const after = mapper.locate(text.indexOf('follows'), text.indexOf('follows') + 7)!;
    expect(chars.slice(after.from, after.to + 1)).toBe('follows');
  });

  it('finds a span that did not line up by its own words, the occurrence among the same surroundings', () => {
    // The reader has the paragraphs in another order than the source (a note read elsewhere).
    const a = 'First, 550 U.S. 544 is cited.';
    const b = 'Second paragraph, unrelated words, then 550 U.S. 544 again.';
    const text = `${a}\n\n${b}`;
    const chars = strip(`${b}${a}`);
    const mapper = mapReaderText(text, { chars });
    const second = text.lastIndexOf('550 U.S. 544');
    const range = mapper.locate(second, second + 12)!;
    expect(chars.slice(range.from, range.to + 1)).toBe('550U.S.544');
    // Each occurrence maps to the one among the same words in the source, wherever that is.
    expect(range.from).toBe(chars.indexOf('550U.S.544'));
    const first = mapper.locate(text.indexOf('550'), text.indexOf('550') + 12)!;
    expect(first.from).toBe(chars.lastIndexOf('550U.S.544'));
  });

  it('answers null for white space, and for words the source does not have', () => {
    const text = 'Alpha beta 925 F.3d 1339 gamma';
    const mapper = mapReaderText(text, { chars: strip('Alpha beta gamma delta') });
    expect(mapper.locate(5, 6)).toBeNull();
    expect(mapper.locate(text.indexOf('925'), text.indexOf('925') + 13)).toBeNull();
  });

  it('gives up aligning text with nothing in common quickly, and still finds what it can', () => {
    const noise = Array.from({ length: 40_000 }, (_, i) => String.fromCharCode(65 + ((i * 7919) % 26))).join('');
    const text = `${noise} 550 U.S. 544`;
    const chars = strip(`${noise.split('').reverse().join('')}550 U.S. 544`);
    const started = Date.now();
    const mapper = mapReaderText(text, { chars });
    const range = mapper.locate(text.indexOf('550'), text.length)!;
    expect(chars.slice(range.from, range.to + 1)).toBe('550U.S.544');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

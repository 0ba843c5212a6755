import { DeletedTextRun, Document, ExternalHyperlink, FootnoteReferenceRun, InsertedTextRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { CASES, docxWithFootnotes, docxWithPageBreaks, unzip } from '../test/fixtures';
import { toCitationInput } from './citation-input';
import { docxTextMap, type DocxTextMap } from './docx-map';
import { readDocx } from './docx';
import { mapReaderText } from './text-map';

async function parts(buffer: Buffer) {
  const entries = await unzip(buffer);
  const part = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8');
  return { document: part('word/document.xml')!, footnotes: part('word/footnotes.xml'), endnotes: part('word/endnotes.xml') };
}

/** The decoded character of the XML a map position stands for. */
function sourceChar(map: DocxTextMap, i: number): string {
  const node = map.nodes[map.nodeOf[i]];
  const xml = map.parts[map.runs[node.run].part].xml;
  if (!node.offsets) return map.chars[i];
  const at = node.offsets[map.charOf[i]];
  const next = node.offsets[map.charOf[i] + 1];
  const raw = xml.slice(at, next);
  return raw.startsWith('&') ? ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" } as Record<string, string>)[raw] ?? raw : raw;
}

/** Every word of the reader's text maps to the same characters in the XML. */
async function expectEveryWordMaps(buffer: Buffer): Promise<number> {
  const document = await readDocx(buffer);
  const { text } = toCitationInput(document);
  const map = docxTextMap(await parts(buffer));
  const mapper = mapReaderText(text, map);
  let words = 0;
  for (const m of text.matchAll(/\S+/g)) {
    const range = mapper.locate(m.index, m.index + m[0].length);
    expect(range).not.toBeNull();
    const chars = [];
    for (let i = range!.from; i <= range!.to; i++) chars.push(sourceChar(map, i));
    expect(chars.join('')).toBe(m[0]);
    words++;
  }
  expect(map.chars).toBe(text.replace(/\s/g, ''));
  return words;
}

describe('docxTextMap', () => {
  it('maps body, table and footnote text in the reader\'s order', async () => {
    const { buffer } = await docxWithFootnotes();
    expect(await expectEveryWordMaps(buffer)).toBeGreaterThan(100);
  });

  it('follows explicit page breaks and a footnote on a later page', async () => {
    const buffer = await docxWithPageBreaks([['Page one cites 550 U.S. 544.'], ['Page two.', 'More of page two.'], ['Page three, 556 U.S. 662.']], 'See 477 U.S. 317.');
    await expectEveryWordMaps(buffer);
  });

  it('reads insertions and hyperlinks, and skips deletions, as the reader does', async () => {
    const buffer = await Packer.toBuffer(
      new Document({
        footnotes: { 1: { children: [new Paragraph({ children: [new TextRun('See '), new InsertedTextRun({ text: CASES[1], id: 9, author: 'A', date: '2024-01-01T00:00:00Z' })] })] } },
        sections: [
          {
            children: [
              new Paragraph({
                children: [
                  new TextRun('The standard is plausibility. '),
                  new DeletedTextRun({ text: 'Conley v. Gibson, 355 U.S. 41 (1957). ', id: 1, author: 'A', date: '2024-01-01T00:00:00Z' }),
                  new InsertedTextRun({ text: 'Bell Atl. Corp. v. Twombly, 550 U.S. 544 (2007).', id: 2, author: 'A', date: '2024-01-01T00:00:00Z' }),
                  new FootnoteReferenceRun(1),
                ],
              }),
              new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.com', children: [new TextRun('Hishon v. King & Spalding, 467 U.S. 69 (1984)')] }), new TextRun(' <is> "cited".')] }),
              new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('Cell: 477 U.S. 242')] })] })] }),
            ],
          },
        ],
      }),
    );
    await expectEveryWordMaps(buffer);
    const map = docxTextMap(await parts(buffer));
    expect(map.chars).not.toContain('Conley');
    // The hyperlink's runs know the end of the hyperlink, where a comment reference goes.
    const hishon = map.chars.indexOf('Hishon');
    const run = map.runs[map.nodes[map.nodeOf[hishon]].run];
    expect(run.outerEnd).not.toBeNull();
    expect(map.parts[0].xml.slice(0, run.outerEnd!)).toMatch(/<\/w:hyperlink>$/);
    // The insertion too.
    const twombly = map.runs[map.nodes[map.nodeOf[map.chars.indexOf('Twombly')]].run];
    expect(map.parts[0].xml.slice(0, twombly.outerEnd!)).toMatch(/<\/w:ins>$/);
  });

  it('keeps each run\'s properties and the first paragraph\'s room for a comment', async () => {
    const buffer = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph({ heading: 'Heading1', children: [new TextRun({ text: 'ARGUMENT', bold: true })] }), new Paragraph('Body 550 U.S. 544.')] }] }),
    );
    const map = docxTextMap(await parts(buffer));
    const run = map.runs[map.nodes[map.nodeOf[0]].run];
    expect(run.properties).toMatch(/^<w:rPr>[\s\S]*<w:b\/>[\s\S]*<\/w:rPr>$/);
    expect(map.parts[0].xml.slice(run.start, run.contentStart)).toBe(run.openTag + run.properties);
    const first = map.firstParagraph!;
    expect(map.parts[0].xml.slice(0, first.contentStart)).toMatch(/<\/w:pPr>$/);
    expect(map.parts[0].xml.slice(first.closeStart)).toMatch(/^<\/w:p>/);
  });

  it('reads a text box\'s words after its paragraph, and marks them unfit for a comment', () => {
    const document =
      '<w:document xmlns:w="w" xmlns:v="v"><w:body><w:p><w:r><w:t>Before</w:t></w:r><w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r><w:r><w:t xml:space="preserve"> after.</w:t></w:r></w:p>' +
      '<mc:AlternateContent><mc:Choice><w:p><w:r><w:t>Choice</w:t></w:r></w:p></mc:Choice><mc:Fallback><w:p><w:r><w:t>Fallback</w:t></w:r></w:p></mc:Fallback></mc:AlternateContent>' +
      '<w:p><w:r><w:delText>gone</w:delText><w:instrText>HYPERLINK x</w:instrText><w:t>A&amp;B&#169;</w:t><w:noBreakHyphen/><w:t>C</w:t></w:r></w:p></w:body></w:document>';
    const map = docxTextMap({ document });
    expect(map.chars).toBe('Beforeafter.BoxedFallbackA&B©\u2011C');
    const boxed = map.nodes[map.nodeOf[map.chars.indexOf('Boxed')]];
    expect(boxed.anchorable).toBe(false);
    expect(map.nodes[map.nodeOf[map.chars.indexOf('Fallback')]].anchorable).toBe(false);
    expect(map.nodes[map.nodeOf[0]].anchorable).toBe(true);
    const amp = map.chars.indexOf('&');
    const node = map.nodes[map.nodeOf[amp]];
    expect(document.slice(node.offsets![map.charOf[amp]], node.offsets![map.charOf[amp] + 1])).toBe('&amp;');
  });
});

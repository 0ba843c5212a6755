import { detectFileType } from './detect';
import { exeBytes, handMadePdf, pngBytes, simpleDocx, zip } from '../test/fixtures';

describe('detectFileType', () => {
  it('knows a PDF by its header, even after leading junk', () => {
    expect(detectFileType(handMadePdf())).toBe('pdf');
    expect(detectFileType(Buffer.concat([Buffer.from('junk\n'), handMadePdf()]))).toBe('pdf');
  });
  it('knows a .docx by the parts in its ZIP directory', async () => {
    expect(detectFileType(await simpleDocx(['Hello']))).toBe('docx');
  });
  it.each([
    ['an executable', () => exeBytes()],
    ['a PNG', () => pngBytes()],
    ['a ZIP that is not a Word document', () => zip([{ name: 'readme.txt', data: Buffer.from('hi') }])],
    ['a ZIP with only [Content_Types].xml', () => zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }])],
    ['a truncated ZIP header', () => Buffer.from('PK\u0003\u0004garbage')],
    ['empty input', () => Buffer.alloc(0)],
    ['UTF-8 with control bytes', () => Buffer.from('text\u0000more')],
  ])('rejects %s', async (_, make) => {
    expect(detectFileType(await make())).toBeNull();
  });
  it('calls valid UTF-8 text txt (only accepted where the caller allows it)', () => {
    expect(detectFileType(Buffer.from('See 550 U.S. 544.\n\nNext paragraph — with a dash.'))).toBe('txt');
  });
});

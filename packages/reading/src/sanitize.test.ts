import { sanitizeFilename } from './sanitize';

describe('sanitizeFilename', () => {
  it.each([
    ['brief.pdf', 'brief.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Desktop\\Motion to Dismiss.docx', 'Motion to Dismiss.docx'],
    ['<script>alert(1)</script>.pdf', 'alert(1).pdf'],
    ['../../etc/<b>brief</b>.pdf', 'brief.pdf'],
    ['<img src=x onerror=alert(1)>brief.pdf', 'brief.pdf'],
    ['brief\u0000\u0007\r\n.pdf', 'brief.pdf'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    ['..', 'document'],
    ['', 'document'],
    ['=HYPERLINK("x").pdf', 'HYPERLINK(x).pdf'],
    ['   .hidden.pdf', 'hidden.pdf'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });
  it('caps the length and keeps the extension', () => {
    const name = sanitizeFilename(`${'a'.repeat(1000)}.docx`);
    expect(name).toHaveLength(255);
    expect(name.endsWith('.docx')).toBe(true);
  });
});

import { commentRanges, expectOnlyCommentMarkup } from './verify';

// The checks the annotator's tests rely on must themselves catch a change.
describe('expectOnlyCommentMarkup', () => {
  const original = '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>See 925 F.3d 1339 (2019).</w:t></w:r><w:r><w:tab/></w:r></w:p>';

  it('accepts comment markup and the run split around it', () => {
    const annotated =
      '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">See </w:t></w:r><w:commentRangeStart w:id="4"/><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">925 F.3d 1339</w:t></w:r><w:commentRangeEnd w:id="4"/><w:r><w:commentReference w:id="4"/></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> (2019).</w:t></w:r><w:r><w:tab/></w:r></w:p>';
    expect(expectOnlyCommentMarkup(original, annotated).inserted).toBeGreaterThan(0);
    expect(commentRanges(annotated).get('4')).toEqual({ text: '925 F.3d 1339', references: 1, starts: 1, ends: 1 });
  });

  it.each([
    ['a changed character', original.replace('1339', '1338')],
    ['a dropped element', original.replace('<w:tab/>', '')],
    ['a run opened again without its formatting', original.replace('<w:t>See 925', '<w:t xml:space="preserve">See </w:t></w:r><w:commentRangeStart w:id="1"/><w:r><w:t xml:space="preserve">925')],
    ['another attribute', original.replace('<w:t>', '<w:t w:rsid="1">')],
  ])('refuses %s', (_, changed) => {
    expect(() => expectOnlyCommentMarkup(original, changed)).toThrow();
  });
});

import { joinOpinions, OPINION_FIELDS, parseOpinion } from './opinion';
import { parseOpinionMarkup } from './markup';
import { SeriesPages } from './pages';

describe('parseOpinion: which field is read', () => {
  it("follows CourtListener's order of preference (cl/search/models.py OPINION_TEXT_SOURCE_FIELDS, plain text last)", () => {
    expect(OPINION_FIELDS).toEqual(['html_with_citations', 'xml_harvard', 'html_columbia', 'html_lawbox', 'html_anon_2020', 'html', 'plain_text']);
    const star = (n: number) => `<span class="star-pagination">*${n}</span>`;
    expect(parseOpinion({ plain_text: 'a *2 b', html: `<p>c ${star(2)} d</p>`, html_with_citations: `<p>e ${star(2)} f</p>` })?.field).toBe('html_with_citations');
    expect(parseOpinion({ plain_text: 'a *2 b', html_lawbox: `<p>c ${star(2)} d</p>`, html_with_citations: '' })?.field).toBe('html_lawbox');
    expect(parseOpinion({ plain_text: 'a *2 b', html_with_citations: null })?.field).toBe('plain_text');
  });
  it('prefers a later field with page labels to an earlier one without', () => {
    const got = parseOpinion({ html_with_citations: '<pre class="inline">a b c</pre>', html_lawbox: '<p>a <span class="star-pagination">*650</span> b c</p>' });
    expect(got?.field).toBe('html_lawbox');
    expect(got?.opinion.marks.map((m) => m.label)).toEqual(['650']);
  });
  it('reads the first field with text when none has labels, and null when none has text', () => {
    expect(parseOpinion({ html: '<p>  </p>', plain_text: 'words' })?.field).toBe('plain_text');
    expect(parseOpinion({ html: '<p> </p>', plain_text: '   ' })).toBeNull();
    expect(parseOpinion({})).toBeNull();
  });
});

describe('joinOpinions: a case of several opinions', () => {
  it('starts each opinion on the page where the one before ended', () => {
    const majority = parseOpinionMarkup('<p>Majority page one. <page-number citation-index="1" label="11">*11</page-number>Majority page two.</p>');
    const dissent = parseOpinionMarkup('<p>Dissent still on eleven. <page-number citation-index="1" label="12">*12</page-number>Dissent on twelve.</p>');
    const joined = joinOpinions([majority, dissent]);
    expect(joined.text).toBe('Majority page one. Majority page two.\n\nDissent still on eleven. Dissent on twelve.');
    const pages = new SeriesPages(joined, 0, '10');
    expect(pages.pageAt(joined.text.indexOf('Majority page one'))).toBe('10');
    expect(pages.pageAt(joined.text.indexOf('Dissent still'))).toBe('11');
    expect(pages.pageAt(joined.text.indexOf('Dissent on twelve'))).toBe('12');
    expect(joined.series.length).toBe(1);
  });
  it('keeps footnotes with their markers', () => {
    const a = parseOpinionMarkup('<p>A.<footnotemark>1</footnotemark></p><footnote label="1"><p>Note of A.</p></footnote>');
    const b = parseOpinionMarkup('<p>B.<footnotemark>1</footnotemark></p><footnote label="1"><p>Note of B.</p></footnote>');
    const joined = joinOpinions([a, b]);
    expect(joined.footnotes.map((f) => [joined.text.slice(f.start, f.end), joined.text.slice(f.refOffset - 2, f.refOffset)])).toEqual([
      ['Note of A.', 'A.'],
      ['Note of B.', 'B.'],
    ]);
  });
});

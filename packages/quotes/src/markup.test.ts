import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOpinionMarkup } from './markup';
import { SeriesPages } from './pages';
import type { OpinionText } from './types';

/** Each page label as `label@the words right after it`, to read a table at a glance. */
function labelled(op: OpinionText): string[] {
  return op.marks.map((m) => `${m.label}@${op.text.slice(m.offset).trimStart().slice(0, 12)}`);
}

describe('parseOpinionMarkup: the sources CourtListener stores', () => {
  const cases: Array<[string, string, string, string[]]> = [
    [
      'xml_harvard <page-number> (CourtListener cl/corpus_importer/tests.py, Cannon v. State)',
      '<casebody> <attorneys><page-number citation-index="1" label="758">*758</page-number><em>B. B. Giles, </em>for plaintiff in error.</attorneys>\n  <attorneys id="b796-5"><em>Lindley W. Gamp, solicitor, </em>contra.</attorneys>\n  <opinion type="majority"> a simple opinion</opinion>\n</casebody>\n',
      'B. B. Giles, for plaintiff in error.\n\nLindley W. Gamp, solicitor, contra.\n\na simple opinion',
      ['758@B. B. Giles,'],
    ],
    [
      'html_with_citations, old star-pagination spans (CourtListener cl/lib/test_helpers.py)',
      'yadda yadda <span class="star-pagination">*9</span> this is page 9 <span class="star-pagination">*10</span> this is content on page 10 can we link to it...',
      'yadda yadda this is page 9 this is content on page 10 can we link to it...',
      ['9@this is page', '10@this is cont'],
    ],
    [
      'html_with_citations made from xml_harvard, pretty-printed, citation-index spans',
      '<p>serious emotional\n  <span citation-index="1" class="star-pagination" label="913"> \n   *913\n   </span>\n  damage.</p>',
      'serious emotional damage.',
      ['913@damage.'],
    ],
    [
      'a page label inside a word: the halves stay one word',
      '<p>the testimony con<page-number citation-index="1" label="253">*253</page-number>cerned the defendant</p>',
      'the testimony concerned the defendant',
      ['253@cerned the d'],
    ],
    [
      'Columbia `*Page 500`',
      '<p>first words <span class="star-pagination">*Page 500</span> next words</p>',
      'first words next words',
      ['500@next words'],
    ],
    [
      'Anon 2020: a P number counts paragraphs, not pages',
      '<p>one <span class="star-pagination" pagescheme="P" number="P12">[P12]</span>two <span class="star-pagination" pagescheme="page" number="55">*55</span>three</p>',
      'one two three',
      ['55@three'],
    ],
    [
      "CAP's static HTML: page-label anchors, a second reporter with two stars",
      '<p id="p-10"><a class="page-label" data-label="1005" data-citation-index="1" href="#p1005">*1005</a>The defendant <a class="page-label" data-label="98" data-citation-index="2" href="#p98">**98</a>appeals.</p>',
      'The defendant appeals.',
      ['1005@The defendan', '98@appeals.'],
    ],
    [
      'entities and white space',
      '<p>Smith&nbsp;&amp; Jones &#167;&#160;2 &mdash; &ldquo;quoted&rdquo; &#147;cp1252&#148; &unknown;</p>',
      'Smith & Jones § 2 — “quoted” “cp1252” &unknown;',
      [],
    ],
    [
      'script, style and comments are not text',
      '<p>a<script>var x = "<p>";</script> b<!-- *999 --><style>p{}</style> c</p>',
      'a b c',
      [],
    ],
    [
      'html_with_citations made from plain_text: a <pre> keeps its lines, its stars are read',
      '<pre class="inline">We reverse and remand *655 for proceedings\nconsistent with this Opinion.</pre>',
      'We reverse and remand for proceedings\nconsistent with this Opinion.',
      ['655@for proceedi'],
    ],
  ];
  it.each(cases)('%s', (_name, markup, text, marks) => {
    const op = parseOpinionMarkup(markup);
    expect(op.text).toBe(text);
    expect(labelled(op)).toEqual(marks);
  });

  it('keeps footnote numbers out of the text and ties each footnote to its marker (xml_harvard)', () => {
    const op = parseOpinionMarkup(
      '<opinion><p>Counsel filed the motion.<footnotemark>1</footnotemark> It was denied. <page-number citation-index="1" label="6">*6</page-number>Then trial.</p>' +
        '<footnote label="1"><p>The motion was <page-number citation-index="1" label="6">*6</page-number>untimely.</p></footnote></opinion>',
    );
    expect(op.text).toBe('Counsel filed the motion. It was denied. Then trial.\n\nThe motion was untimely.');
    expect(op.footnotes).toEqual([{ start: op.text.indexOf('The motion'), end: op.text.length, label: '1', refOffset: op.text.indexOf(' It was') }]);
    const pages = new SeriesPages(op, 0, '5');
    expect(pages.pageAt(op.text.indexOf('motion was'))).toBe('5'); // the page of its marker
    expect(pages.pageAt(op.text.indexOf('untimely'))).toBe('6'); // run onto the next page
    expect(pages.pageAt(op.text.indexOf('Then trial'))).toBe('6');
  });

  it('ties footnotes by target id: CourtListener (harvard_merge fix_footnotes) and CAP forms', () => {
    const cl = parseOpinionMarkup(
      '<p>First.<a class="footnote" href="#fn1" id="fn1_ref">1</a> Second.<a class="footnote" href="#fn2" id="fn2_ref">2</a></p>' +
        '<div class="footnotes"><div class="footnote" id="fn1"><a class="footnote" href="#fn1_ref">1</a><p>Note one.</p></div>' +
        '<div class="footnote" id="fn2"><a class="footnote" href="#fn2_ref">2</a><p>Note two.</p></div></div>',
    );
    expect(cl.text).toBe('First. Second.\n\nNote one.\n\nNote two.');
    expect(cl.footnotes.map((f) => [f.label, cl.text.slice(f.start, f.end), f.refOffset])).toEqual([
      ['1', 'Note one.', 'First.'.length],
      ['2', 'Note two.', 'First. Second.'.length],
    ]);
    const cap = parseOpinionMarkup(
      '<article class="opinion"><p>Text.<a class="footnotemark" href="#footnote_1_1" id="ref_footnote_1_1">1</a> More.</p>' +
        '<aside data-label="1" class="footnote" id="footnote_1_1"><a href="#ref_footnote_1_1">1</a><p>The note.</p></aside></article>',
    );
    expect(cap.text).toBe('Text. More.\n\nThe note.');
    expect(cap.footnotes).toEqual([{ start: cap.text.indexOf('The note'), end: cap.text.length, label: '1', refOffset: cap.text.indexOf(' More') }]);
  });

  it('reads a <sup> number as a footnote marker, and other superscripts as text', () => {
    const op = parseOpinionMarkup('<p>the 4<sup>th</sup> claim<sup>12</sup> fails</p>');
    expect(op.text).toBe('the 4th claim fails');
  });

  it('a marker right before the next page label is on the page before it', () => {
    const op = parseOpinionMarkup(
      '<p><a class="page-label" data-label="532" data-citation-index="1">*532</a>End of the page.<a class="footnotemark" href="#fn7">7</a><a class="page-label" data-label="533" data-citation-index="1">*533</a>Next page.</p>' +
        '<aside class="footnote" id="fn7" data-label="7"><p>The footnote.</p></aside>',
    );
    const pages = new SeriesPages(op, 0, '531');
    expect(pages.pageAt(op.text.indexOf('The footnote'))).toBe('532');
    expect(pages.pageAt(op.text.indexOf('Next page'))).toBe('533');
  });

  it('an element left open does not swallow the text after it', () => {
    const op = parseOpinionMarkup('<p>before <span class="star-pagination">*5 ' + 'and a great deal of text that is not a page label at all, running on and on past any sensible length. '.repeat(2) + '</p><p>after</p>');
    expect(op.text).toContain('a great deal of text');
    expect(op.text).toContain('after');
  });

  it('reads hostile markup to the end: labels in no order, thousands of footnotes, unclosed tags', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const labels = Array.from({ length: 2000 }, () => `word <page-number citation-index="1" label="${Math.floor(rand() * 5000)}">*</page-number>`).join(' ');
    const notes = Array.from({ length: 3000 }, (_, k) => `<p>t<footnotemark>${k % 7}</footnotemark></p>`).join('') + Array.from({ length: 3000 }, (_, k) => `<footnote label="${k % 7}"><p>n</p></footnote>`).join('');
    const op = parseOpinionMarkup(`<p>${labels}</p>${notes}<p><span class="x"><b>unclosed <a href="#fn1">1`);
    expect(op.marks.length).toBe(2000);
    expect(op.footnotes.length).toBe(3000);
    expect(op.footnotes.every((f) => f.refOffset >= 0)).toBe(true);
    expect(op.text.endsWith('unclosed')).toBe(true);
  });

  it('reads a real CAP opinion the same whatever the page-label element (CAP anchors, Harvard <page-number>, citation-index spans)', () => {
    const html = gunzipSync(readFileSync(join(__dirname, '..', 'test', 'opinions', '100-a-3d-1004.html.gz'))).toString('utf8');
    const cap = parseOpinionMarkup(html);
    const asPageNumber = html.replace(
      /<a id="[^"]*" href="[^"]*" data-label="(\d+)" data-citation-index="(\d+)" class="page-label">\*+\d+<\/a>/g,
      '<page-number citation-index="$2" label="$1">*$1</page-number>',
    );
    const asSpan = html.replace(
      /<a id="[^"]*" href="[^"]*" data-label="(\d+)" data-citation-index="(\d+)" class="page-label">\*+\d+<\/a>/g,
      '<span citation-index="$2" class="star-pagination" label="$1"> *$1 </span>',
    );
    expect(asPageNumber).not.toBe(html);
    for (const other of [asPageNumber, asSpan]) {
      const op = parseOpinionMarkup(other);
      expect(op.text.replace(/\s+/g, ' ')).toBe(cap.text.replace(/\s+/g, ' '));
      expect(op.marks.map((m) => [m.label, m.series])).toEqual(cap.marks.map((m) => [m.label, m.series]));
    }
    // Dyous: Conn. App. (266-) and A.3d (1004-) labels, both citation-index 1, told apart.
    expect(cap.series.length).toBe(2);
    expect(cap.footnotes.length).toBe(11);
    expect(cap.footnotes.every((f) => f.refOffset >= 0)).toBe(true);
  });
});

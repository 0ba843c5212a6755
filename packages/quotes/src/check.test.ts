import { checkQuote } from './check';
import { parseOpinionMarkup } from './markup';
import { parseOpinionPlainText } from './plain';
import { prepareOpinion } from './prepare';
import type { BriefQuote, QuoteNote, QuoteTarget, UncheckedReason } from './types';

// A short opinion in CourtListener's html_with_citations form (Harvard-derived), pages 100-103 of
// 9 X.2d; page 102 begins inside the word "concerned", as printed pages do.
const OPINION = parseOpinionMarkup(`
<opinion type="majority"><author>SMITH, J.</author>
<p>The defendant appeals from the judgment of conviction. A plea of guilty must be knowing,
intelligent and voluntary, and the trial court may accept it only after a careful inquiry.</p>
<p><page-number citation-index="1" label="101">*101</page-number>The record shows that the court asked
the defendant whether he understood the charges. The defendant said that he did not
understand the elements of the offense.<footnotemark>1</footnotemark> The court did not explain them, and it accepted the plea.</p>
<p>We have held that the court shall not accept a plea without determining that it has a factual
basis. Our review of the testimony con
  <span citation-index="1" class="star-pagination" label="102"> *102 </span>
  cerned the facts of the offense, which the State did not dispute.</p>
<p>A plea of guilty must be knowing, intelligent and voluntary. We therefore reverse the judgment and
remand for further proceedings. <page-number citation-index="1" label="103">*103</page-number>It is so ordered.</p>
</opinion>
<footnote label="1"><p>At the hearing he said that the elements were never read to him.</p></footnote>`);
const prepared = prepareOpinion(OPINION);
const target = (pin: string | null, extra: Partial<QuoteTarget['cites'][number]> = {}): QuoteTarget => ({
  caseKey: '9 X.2d 100',
  cites: [{ normalized: '9 X.2d 100', volume: 9, reporter: 'X.2d', page: '100', pin, ...extra }],
});
const quote = (text: string, notes: QuoteNote[] = []): BriefQuote => ({ text, start: 0, end: text.length, kind: 'inline', citation: 0, tie: 'following', notes });
const check = (text: string, pin: string | null, notes: QuoteNote[] = []) => checkQuote(quote(text, notes), { opinion: prepared, target: target(pin) });

describe('checkQuote: what a lawyer is told', () => {
  const cases: Array<[string, string, string | null, string, string | null, string]> = [
    ['word for word, on the pin page', 'The record shows that the court asked the defendant whether he understood the charges.', '101', 'verified', '101', 'Found on page 101 of the opinion, as cited.'],
    ['across a page break, pinned to either page', 'the court shall not accept a plea without determining that it has a factual basis. Our review of the testimony concerned the facts', '102', 'verified', '101-102', 'Found on pages 101-102 of the opinion, as cited.'],
    ['a range pin', 'We therefore reverse the judgment and remand for further proceedings. It is so ordered.', '102-03', 'verified', '102-103', 'Found on pages 102-103 of the opinion, as cited.'],
    ['a footnote is on its marker’s page', 'At the hearing he said that the elements were never read to him.', '101 n.1', 'verified', '101', 'Found on page 101 of the opinion, as cited.'],
    ['the words on another page', 'The record shows that the court asked the defendant whether he understood the charges.', '103', 'wrong-page', '101', 'The words are in the opinion, but on page 101, not on page 103 as cited.'],
    ['a legitimate alteration and an ellipsis', '[T]he court asked the defendant whether he understood . . . the elements of the offense.', '101', 'verified', '101', 'Found on page 101 of the opinion, as cited.'],
    ['one word substituted', 'The record shows that the court asked the defendant whether he admitted the charges.', '101', 'altered', '101', 'The opinion\'s words differ (page 101): it says “understood” where the quotation says “admitted”.'],
    ['“shall not” made “may”', 'the court may accept a plea without determining that it has a factual basis', '101', 'altered', '101', 'The opinion\'s words differ (page 101): it says “shall not” where the quotation says “may”.'],
    ['a “not” dropped', 'The defendant said that he did understand the elements of the offense.', '101', 'altered', '101', 'The opinion\'s words differ (page 101): the quotation leaves out “not” without an ellipsis.'],
    ['a “not” added', 'The court did not accept the plea.', '101', 'not-found', null, 'These words were not found in the opinion, nor anything close to them.'],
    ['a sentence the court never wrote', 'Summary judgment is appropriate where no genuine dispute of material fact remains.', '101', 'not-found', null, 'These words were not found in the opinion, nor anything close to them.'],
    ['no pin', 'The record shows that the court asked the defendant whether he understood the charges.', null, 'verified', '101', 'Found in the opinion, on page 101; the citation gives no pin page to check.'],
    ['a pin that names no page', 'The record shows that the court asked the defendant whether he understood the charges.', '*3', 'verified', '101', 'Found in the opinion, on page 101; the pin cite “*3” names no page of this reporter to check.'],
  ];
  it.each(cases)('%s', (_name, text, pin, status, foundPage, message) => {
    const r = check(text, pin);
    expect([r.status, r.foundPage, r.message]).toEqual([status, foundPage, message]);
  });

  it('a quotation found twice: the passage on the pin page is the one checked', () => {
    const text = 'A plea of guilty must be knowing, intelligent and voluntary';
    expect(check(text, '100')).toMatchObject({ status: 'verified', foundPage: '100' });
    expect(check(text, '102')).toMatchObject({ status: 'verified', foundPage: '102' });
    expect(check(text, '101')).toMatchObject({ status: 'wrong-page' });
  });

  it('shows an altered quotation beside the opinion’s words, the changes marked', () => {
    const r = check('The defendant said that he did understand the elements of the crime.', '101');
    expect(r.status).toBe('altered');
    expect(r.opinionText).toBe('The defendant said that he did not understand the elements of the offense');
    expect(r.changes).toEqual([
      { kind: 'omitted', quote: '', opinion: 'not' },
      { kind: 'replaced', quote: 'crime', opinion: 'offense' },
    ]);
    expect(r.diff).toEqual({
      quote: [
        { text: 'The defendant said that he did understand the elements of the', changed: false },
        { text: 'crime.', changed: true },
      ],
      opinion: [
        { text: 'The defendant said that he did', changed: false },
        { text: 'not', changed: true },
        { text: 'understand the elements of the', changed: false },
        { text: 'offense', changed: true },
      ],
    });
    expect(r.message).toBe('The opinion\'s words differ (page 101): the quotation leaves out “not” without an ellipsis; it says “offense” where the quotation says “crime”.');
  });

  it('shows a bracketed first letter whole on the quotation’s side (“[t]he”, not “t]he”)', () => {
    const r = check('[t]he record shows that the court told the defendant whether he understood the charges.', '101');
    expect(r.status).toBe('altered');
    expect(r.diff!.quote[0].text.startsWith('[t]he record shows')).toBe(true);
  });

  it('(citations omitted): a citation left out between two sentences is allowed only when the brief says so', () => {
    const withCitation = prepareOpinion(parseOpinionPlainText('A plea must be knowing. Smith v. Jones, 550 U.S. 544, 556 (2007). It must also be voluntary and made with counsel.'));
    const text = 'A plea must be knowing. It must also be voluntary and made with counsel.';
    const t = target(null);
    expect(checkQuote(quote(text, ['citations-omitted']), { opinion: withCitation, target: t }).status).toBe('verified');
    expect(checkQuote(quote(text, ['cleaned-up']), { opinion: withCitation, target: t }).status).toBe('verified');
    expect(checkQuote(quote(text), { opinion: withCitation, target: t }).status).toBe('altered');
  });

  it('reads plain text as printed: words broken at line ends, footnote numbers glued to words', () => {
    const plain = prepareOpinion(parseOpinionPlainText('The court found that the peti-\ntioner had waived the claim.3 We\n*12 affirm the judgment below.'));
    const r = checkQuote(quote('the petitioner had waived the claim. We affirm the judgment'), { opinion: plain, target: { caseKey: '5 Y. 11', cites: [{ normalized: '5 Y. 11', volume: 5, reporter: 'Y.', page: '11', pin: '11-12' }] } });
    expect(r).toMatchObject({ status: 'verified', foundPage: '11-12', pageChecked: true });
  });

  it('without page labels for the cited reporter the words are checked, the page is not', () => {
    const plain = prepareOpinion(parseOpinionPlainText('The court found that the petitioner had waived the claim.'));
    const t = { caseKey: '5 Y. 11', cites: [{ normalized: '5 Y. 11', volume: 5, reporter: 'Y.', page: '11', pin: '11' }] };
    expect(checkQuote(quote('the petitioner had waived the claim'), { opinion: plain, target: t })).toMatchObject({
      status: 'verified',
      pageChecked: false,
      foundPage: null,
      message: 'Found in the opinion; its page could not be checked (the text has no page numbers for Y.).',
    });
    // A one-page case needs no labels: the caller knows its last page.
    const onePage = { caseKey: '5 Y. 11', cites: [{ ...t.cites[0], lastPage: '11' }] };
    expect(checkQuote(quote('the petitioner had waived the claim'), { opinion: plain, target: onePage })).toMatchObject({ status: 'verified', pageChecked: true, foundPage: '11' });
    expect(checkQuote(quote('the petitioner had waived the claim'), { opinion: plain, target: { ...onePage, cites: [{ ...onePage.cites[0], pin: '12' }] } })).toMatchObject({ status: 'wrong-page', foundPage: '11' });
  });

  it('a parallel citation: verified when any reporter’s pin covers the words', () => {
    const t: QuoteTarget = {
      caseKey: '1 Z. 1',
      cites: [
        { normalized: '1 Z. 1', volume: 1, reporter: 'Z.', page: '1', pin: '7' },
        { normalized: '9 X.2d 100', volume: 9, reporter: 'X.2d', page: '100', pin: '101' },
      ],
    };
    const words = 'The record shows that the court asked the defendant whether he understood the charges.';
    expect(checkQuote(quote(words), { opinion: prepared, target: t })).toMatchObject({ status: 'verified', foundPage: '101' });
    // Both reporters' pages in the text: the Z. pin is wrong, the X.2d one right.
    const both = parseOpinionMarkup(
      '<p>Head. <page-number citation-index="2" label="8">*8</page-number>The record shows that the court <page-number citation-index="1" label="101">*101</page-number>asked the defendant whether he understood the charges.</p>',
    );
    const r = checkQuote(quote(words), { opinion: prepareOpinion(both), target: t });
    expect(r).toMatchObject({ status: 'verified', foundPage: '100-101', pin: '101' });
    const wrong = checkQuote(quote(words), { opinion: prepareOpinion(both), target: { ...t, cites: [{ ...t.cites[0], pin: '9' }, { ...t.cites[1], pin: '105' }] } });
    expect(wrong).toMatchObject({ status: 'wrong-page', foundPage: '8', message: 'The words are in the opinion, but on page 8 of 1 Z., not on page 9 as cited.' });
  });

  it.each([
    ['no-text', 'Not checked: the text of this opinion is not available.'],
    ['case-not-found', 'Not checked: the cited case was not found, so there is no opinion to compare the words with.'],
    ['no-citation', 'Not checked: no case citation goes with this quotation.'],
    ['unresolved-citation', 'Not checked: it is not clear which case this citation refers to.'],
    ['source-unavailable', 'Not checked: the opinion could not be retrieved. Please try again later.'],
  ] as Array<[UncheckedReason, string]>)('unchecked (%s) says why', (reason, message) => {
    expect(checkQuote(quote('any words at all here'), { reason })).toMatchObject({ status: 'unchecked', reason, message, foundPage: null });
  });
});

import { align, Op } from './align';
import { findPassage } from './match';
import { parseOpinionMarkup } from './markup';
import { parseOpinionPlainText } from './plain';
import { prepareOpinion } from './prepare';
import { parseQuoteText } from './quote-text';

const OPS: Record<number, string> = Object.fromEntries(Object.entries(Op).map(([k, v]) => [v, k]));

/** The alignment of a quotation (one segment) with an opinion's whole text: its cost and steps. */
function aligned(opinionText: string, quote: string, markup = false) {
  const p = prepareOpinion(markup ? parseOpinionMarkup(opinionText) : parseOpinionPlainText(opinionText));
  const items = parseQuoteText(quote).segments[0].items;
  const a = align(p, items, 0, p.ids.length);
  return { cost: a.cost, steps: a.steps.map((s) => OPS[s.op]).join(' '), passage: p.opinion.text.slice(p.starts[a.start], p.ends[a.end - 1]) };
}

describe('align: what a lawyer allows costs nothing, a changed word costs one', () => {
  it.each([
    ['word for word', 'we hold that the rule applies here', 'the rule applies', 0, 'Match Match Match', 'the rule applies'],
    ['a word replaced', 'we hold that the rule applies here', 'the law applies', 1, 'Match Sub Match', 'the rule applies'],
    ['a word added', 'we hold that the rule applies here', 'the rule never applies', 1, 'Match Match Ins Match', 'the rule applies'],
    ['a word left out', 'we hold that the rule always applies here', 'the rule applies', 1, 'Match Match Del Match', 'the rule always applies'],
    ['a word written as two', 'a policy that any one may read', 'that anyone may', 0, 'Match Merge Match', 'that any one may'],
    ['two words written as one', 'a policy that anyone may read', 'that any one may', 0, 'Match Split Match', 'that anyone may'],
    ['a bracketed change', 'the defendant agrees with the ruling', 'the defendant agree[d] with', 0, 'Match Match Wild Match', 'the defendant agrees with'],
    ['bracketed words for others', 'then he said that the plan failed', 'then [the defendant] said that', 0, 'Match Span Match Match', 'then he said that'],
    ['a footnote number in the opinion', 'the claim.4 We reject it', 'the claim. We reject', 0, 'Match Match SkipOpinion Match Match', 'the claim.4 We reject'],
    ['a footnote number in the quotation', 'the claim. We reject it', 'the claim.4 We reject', 0, 'Match Match SkipQuote Match Match', 'the claim. We reject'],
  ])('%s', (_name, opinion, quote, cost, steps, passage) => {
    expect(aligned(opinion, quote)).toEqual({ cost, steps, passage });
  });

  it('joins the halves of a word cut by a page label in pretty-printed HTML', () => {
    const html = '<p>the testimony con\n  <span citation-index="1" class="star-pagination" label="102"> *102 </span>\n  cerned the facts</p>';
    expect(aligned(html, 'the testimony concerned the facts', true)).toMatchObject({ cost: 0, steps: 'Match Match Merge Match Match' });
  });
});

describe('findPassage: the passage among many', () => {
  const filler = (n: number) => Array.from({ length: n }, (_, k) => `Sentence ${k} of the opinion discusses the record and the rule at some length.`).join(' ');
  // About 25,000 words; the two sentences 1,400 words apart (about five pages).
  const text = `${filler(800)} The trial court abused its discretion by refusing the continuance. ${filler(100)} The appellate court must defer to findings of fact. ${filler(800)}`;
  const p = prepareOpinion(parseOpinionPlainText(text));
  it('finds a sentence in 25,000 words, and the segments of an ellipsis in order', () => {
    const one = findPassage(p, parseQuoteText('the trial court abused its discretion by refusing the continuance'))!;
    expect(one.cost).toBe(0);
    expect(text.slice(p.starts[one.start], p.ends[one.end - 1])).toBe('The trial court abused its discretion by refusing the continuance');
    const two = findPassage(p, parseQuoteText('The trial court abused its discretion . . . The appellate court must defer'))!;
    expect(two.cost).toBe(0);
    expect(two.segments.map((s) => text.slice(p.starts[s.start], p.ends[s.end - 1]))).toEqual(['The trial court abused its discretion', 'The appellate court must defer']);
  });
  it('prefers, among equally good passages, one the pin covers', () => {
    const twice = prepareOpinion(parseOpinionPlainText(`The rule is plain and settled here. ${filler(50)} The rule is plain and settled here.`));
    const q = parseQuoteText('The rule is plain and settled here.');
    const first = findPassage(twice, q)!;
    const second = findPassage(twice, q, (start) => start > 100)!;
    expect([first.cost, second.cost]).toEqual([0, 0]);
    expect(first.start).toBeLessThan(100);
    expect(second.start).toBeGreaterThan(100);
  });
  it('gives nothing when none of the words occur', () => {
    expect(findPassage(p, parseQuoteText('zebra quagga okapi'))).toBeNull();
  });
});

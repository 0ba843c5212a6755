/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import type { Quote } from '@citecheck/proto/graphql/types';
import { renderWithProviders } from '@/testing/render';
import { quoteTotalsOf } from '@/lib/quotes';
import { QuoteChecks } from './quote-checks';

const ALTERED: Quote = {
  text: 'the contract required the buyer to give notice',
  status: 'altered',
  foundPage: '1321',
  message: 'The opinion\'s words differ (page 1321): it says “did not require” where the quotation says “required”.',
  pin: '1321',
  opinionText: 'The contract did not require the buyer to give notice',
  diff: {
    quote: [{ text: 'the contract', changed: false }, { text: 'required', changed: true }, { text: 'the buyer to give notice', changed: false }],
    opinion: [{ text: 'The contract', changed: false }, { text: 'did not require', changed: true }, { text: 'the buyer to give notice', changed: false }],
  },
};
const VERIFIED: Quote = { text: 'may not weigh the credibility of witnesses', status: 'verified', foundPage: '1321', message: 'Found on page 1321 of the opinion, as cited.', pin: '1321', opinionText: 'may not weigh the credibility of witnesses', diff: null };
const UNCHECKED: Quote = { text: 'words of a case with no text', status: 'unchecked', foundPage: null, message: 'Not checked: the text of this opinion is not available.', pin: null, opinionText: null, diff: null };

describe('QuoteChecks', () => {
  it('shows each quotation with its badge, the message, the opinion\'s words, and the change marked', () => {
    renderWithProviders(<QuoteChecks quotes={[VERIFIED, ALTERED, UNCHECKED]} />);
    const items = screen.getAllByTestId('report-quote');
    expect(items.map((i) => within(i).getByTestId('quote-status').textContent)).toEqual(['Quotation verified', 'Altered quotation', 'Quotation not checked']);
    expect(within(items[0]).getByTestId('quote-opinion').textContent).toBe('may not weigh the credibility of witnesses');
    expect(within(items[1]).getByTestId('quote-diff-opinion').querySelectorAll('mark')).toHaveLength(1);
    expect(within(items[1]).getByTestId('quote-diff-opinion').querySelector('mark')!.textContent).toBe('did not require');
    expect(within(items[1]).getByTestId('quote-diff-brief').querySelector('mark')!.textContent).toBe('required');
    expect(within(items[2]).queryByTestId('quote-page')).toBeNull();
    expect(within(items[2]).getByTestId('quote-message').textContent).toBe('Not checked: the text of this opinion is not available.');
  });

  it('shows nothing for a citation without quotations', () => {
    renderWithProviders(<QuoteChecks quotes={[]} />);
    expect(screen.queryByTestId('report-quotes')).toBeNull();
  });

  it('counts the altered and unfound quotations for the summary', () => {
    expect(quoteTotalsOf([{ quotes: [VERIFIED, ALTERED] }, { quotes: null }, { quotes: [{ ...UNCHECKED, status: 'not-found' }] }])).toEqual({ quotes: 3, altered: 1, notFound: 1, unchecked: 0 });
    expect(quoteTotalsOf([{ quotes: [VERIFIED, UNCHECKED] }])).toEqual({ quotes: 2, altered: 0, notFound: 0, unchecked: 1 });
  });
});

/** @jest-environment jsdom */
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Citation } from '@citecheck/proto/graphql/types';
import { aCitation } from '@/testing/citations';
import { renderWithProviders } from '@/testing/render';

// The table reads and rechecks through Apollo Client; the test answers in its place. The
// modules that use it are loaded after the mock is registered (the compiler does not hoist it).
const mockQuery = jest.fn<(options: { variables: { id: string } }) => Promise<unknown>>();
const mockMutate = jest.fn<(options: { variables: { id: string } }) => Promise<unknown>>();
jest.mock('@/lib/apollo', () => ({ getApolloClient: () => ({ query: mockQuery, mutate: mockMutate }) }));

let ResultsSection: typeof import('./results-section').ResultsSection;
let citationsQueryKey: typeof import('@/lib/document-citations').citationsQueryKey;
beforeAll(async () => {
  ({ ResultsSection } = await import('./results-section'));
  ({ citationsQueryKey } = await import('@/lib/document-citations'));
});

const citation = (over: Partial<Citation>) => aCitation({ confidence: 90, ...over });

const CITATIONS = [
  citation({ id: 'c1', text: 'Air France v. Saks, 470 U.S. 392 (1985)', isValid: true, page: 2, paragraph: 3 }),
  citation({ id: 'c2', text: '925 F.3d 1339', caseName: 'Varghese v. China Southern Airlines Co.', isValid: false }),
  citation({ id: 'c3', text: '28 U.S.C. § 1332(a)', type: 'statute', isValid: null }),
];

const DOCUMENT = { id: 'doc-1', filename: 'brief.pdf' };

function renderTable(citations = CITATIONS) {
  const rendered = renderWithProviders(<ResultsSection document={DOCUMENT} report={null} />);
  rendered.queryClient.setQueryData(citationsQueryKey(DOCUMENT.id), citations);
  return rendered;
}

const rowTexts = () => screen.queryAllByTestId('citation-text').map((el) => el.textContent);

describe('ResultsSection', () => {
  beforeEach(() => {
    mockQuery.mockReset();
    mockMutate.mockReset();
  });

  it('shows one row per citation with its status, and the summary', async () => {
    renderTable();
    expect(await screen.findAllByTestId('citation-row')).toHaveLength(3);
    expect(screen.getAllByTestId('citation-row').map((row) => row.getAttribute('data-status'))).toEqual(['valid', 'invalid', 'pending']);
    expect(screen.getAllByTestId('citation-location').map((cell) => cell.textContent)).toEqual(['p. 2, ¶ 3', '—', '—']);
    expect(screen.getByText('Showing 3 of 3')).toBeTruthy();
  });

  it('filters by status and searches the case name as well as the cite', async () => {
    renderTable();
    await screen.findAllByTestId('citation-row');
    fireEvent.change(screen.getByTestId('citation-filter'), { target: { value: 'invalid' } });
    expect(rowTexts()).toEqual(['925 F.3d 1339']);
    fireEvent.change(screen.getByTestId('citation-filter'), { target: { value: 'all' } });
    fireEvent.change(screen.getByTestId('citation-search'), { target: { value: 'varghese' } });
    expect(rowTexts()).toEqual(['925 F.3d 1339']);
    fireEvent.change(screen.getByTestId('citation-search'), { target: { value: 'nothing like this' } });
    expect(rowTexts()).toEqual([]);
    expect(screen.getByTestId('results-no-match')).toBeTruthy();
  });

  it('says so when the document has no citations', async () => {
    renderTable([]);
    expect(await screen.findByTestId('results-empty')).toBeTruthy();
    expect(screen.queryByTestId('results-table')).toBeNull();
  });

  it('rechecks a case through the recheckCitation mutation, then reloads the verdicts', async () => {
    const rechecked = { ...CITATIONS[1], isValid: true };
    mockMutate.mockResolvedValue({ data: { recheckCitation: rechecked } });
    mockQuery.mockResolvedValue({ data: { document: { id: DOCUMENT.id, citations: [CITATIONS[0], rechecked, CITATIONS[2]] } } });
    renderTable();
    const row = (await screen.findAllByTestId('citation-row'))[1];
    fireEvent.click(within(row).getByTestId('recheck-button'));
    await waitFor(() => expect(screen.getAllByTestId('citation-row')[1].getAttribute('data-status')).toBe('valid'));
    expect(mockMutate.mock.calls[0][0].variables).toEqual({ id: 'c2' });
    expect(mockQuery.mock.calls[0][0].variables).toEqual({ id: DOCUMENT.id });
  });

  it('offers View Opinion and Recheck for cases only', async () => {
    renderTable();
    const rows = await screen.findAllByTestId('citation-row');
    expect(within(rows[0]).queryByTestId('recheck-button')).toBeTruthy();
    expect(within(rows[2]).queryByTestId('recheck-button')).toBeNull();
    expect(within(rows[2]).queryByTestId('view-opinion-button')).toBeNull();
  });
  it("tallies each citation's quotations in its row, problems first, and counts them in the summary", async () => {
    const quote = (status: string) => ({ text: 'words', status, foundPage: null, message: 'm', pin: null, opinionText: null, diff: null });
    renderTable([
      citation({ id: 'q1', text: 'Smith v. Jones, 925 F.3d 1320, 1321 (11th Cir. 2019)', isValid: true, quotes: [quote('verified'), quote('altered')] }),
      citation({ id: 'q2', text: 'Air France v. Saks, 470 U.S. 392 (1985)', isValid: true, quotes: [quote('unchecked')] }),
      citation({ id: 'q3', text: '28 U.S.C. § 1332(a)', type: 'statute', isValid: null }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('citation-quotes')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('citation-quotes');
    expect(first.textContent).toBe('2 quotations: 1 altered, 1 verified');
    expect(first.className).toContain('quote-problem');
    expect(second.textContent).toBe('1 quotation: 1 not checked');
    expect(second.className).not.toContain('quote-problem');
    expect(screen.getByTestId('summary-quotes-altered').textContent).toBe('1');
    expect(screen.getByTestId('summary-quotes-checked').textContent).toContain('of 2 checked; 1 not checked');
  });
});

import styled from 'styled-components';
import { Card, CardTitle } from '@/components/ui/card';
import { formatAccuracy, type CitationTotals } from '@/lib/citations';
import type { QuoteTotals } from '@/lib/quotes';

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.7rem;
  margin: 0;
  ${({ theme }) => theme.media.mobile} { grid-template-columns: repeat(2, 1fr); }
  div { padding: 0.8rem; border-radius: ${({ theme }) => theme.radius.md}; background: ${({ theme }) => theme.colors.background}; text-align: center; }
  dt { font-size: 0.85rem; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0.2rem 0 0; font-size: 1.7rem; font-weight: 800; }
  dd small { display: block; font-size: 0.75rem; font-weight: 400; color: ${({ theme }) => theme.colors.muted}; }
  .valid dd { color: ${({ theme }) => theme.colors.valid}; }
  .invalid dd { color: ${({ theme }) => theme.colors.invalid}; }
  .pending dd { color: ${({ theme }) => theme.colors.pending}; }
`;

/**
 * The 'Validation Report' card: totals and accuracy rate; with `quotes`, when the brief quotes
 * any case, how many quotations are altered or not found in the opinion.
 */
export function ValidationSummary({ totals, quotes, title = 'Validation Report', testId = 'validation-summary' }: { totals: CitationTotals; quotes?: QuoteTotals; title?: string; testId?: string }) {
  return (
    <Card data-testid={testId} aria-labelledby={`${testId}-title`}>
      <CardTitle id={`${testId}-title`}>{title}</CardTitle>
      <Grid>
        <div>
          <dt>Total Citations</dt>
          <dd data-testid="summary-total">{totals.total}</dd>
        </div>
        <div className="valid">
          <dt>Valid</dt>
          <dd data-testid="summary-valid">{totals.valid}</dd>
        </div>
        <div className="invalid">
          <dt>Invalid</dt>
          <dd data-testid="summary-invalid">{totals.invalid}</dd>
        </div>
        <div className="pending">
          <dt>Not Checked or Not Verified</dt>
          <dd data-testid="summary-pending">{totals.pending}</dd>
        </div>
        <div>
          <dt>Accuracy Rate</dt>
          <dd>
            <span data-testid="summary-accuracy">{formatAccuracy(totals)}</span>
            {/* Over what the rate is: statutes and unverified cases are not failures. */}
            <small data-testid="summary-accuracy-basis">{totals.checked > 0 ? `valid of ${totals.checked} checked` : 'none checked'}</small>
          </dd>
        </div>
        {quotes && quotes.quotes > 0 ? (
          <>
            <div className={quotes.altered ? 'invalid' : undefined}>
              <dt>Altered Quotations</dt>
              <dd>
                <span data-testid="summary-quotes-altered">{quotes.altered}</span>
                <small data-testid="summary-quotes-checked">
                  of {quotes.quotes - quotes.unchecked} checked{quotes.unchecked ? `; ${quotes.unchecked} not checked (no opinion text)` : ''}
                </small>
              </dd>
            </div>
            <div className={quotes.notFound ? 'invalid' : undefined}>
              <dt>Quotations Not Found</dt>
              <dd>
                <span data-testid="summary-quotes-not-found">{quotes.notFound}</span>
                <small>not in the opinion</small>
              </dd>
            </div>
          </>
        ) : null}
      </Grid>
    </Card>
  );
}

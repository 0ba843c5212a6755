import styled from 'styled-components';
import type { Quote, QuoteDiffPart } from '@citecheck/proto/graphql/types';
import { Badge } from '@/components/ui/badge';
import { quoteLabel, quoteTone } from '@/lib/quotes';

const List = styled.ul`
  list-style: none;
  margin: 0.8rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
`;

const Item = styled.li`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: 0.6rem;
  display: grid;
  gap: 0.35rem;
  min-width: 0;
  .head { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
  blockquote {
    margin: 0;
    padding: 0.3rem 0 0.3rem 0.7rem;
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    font-family: ${({ theme }) => theme.fonts.serif};
    overflow-wrap: anywhere;
  }
  .message { font-size: 0.92rem; overflow-wrap: anywhere; }
  /* Doubled class: the citation card around it styles its own dl, dt and dd, and would win. */
  && dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 0.8rem; margin: 0; font-size: 0.92rem; }
  && dt { color: ${({ theme }) => theme.colors.muted}; }
  && dd { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; overflow-wrap: anywhere; }
  ${({ theme }) => theme.media.mobile} {
    && dl { grid-template-columns: minmax(0, 1fr); }
    && dd { margin-bottom: 0.3rem; }
  }
  mark { background: ${({ theme }) => theme.colors.invalidSoft}; color: inherit; font-weight: 700; text-decoration: underline; padding: 0 0.1em; border-radius: 2px; }
`;

/** Runs of words with the changed ones marked (`<mark>`: highlighted and underlined, so colour is not the only signal). */
function Runs({ parts, testId }: { parts: QuoteDiffPart[]; testId: string }) {
  return (
    <dd data-testid={testId}>
      {parts.map((p, i) => (
        <span key={i}>
          {i > 0 ? ' ' : ''}
          {p.changed ? <mark data-testid="quote-changed">{p.text}</mark> : p.text}
        </span>
      ))}
    </dd>
  );
}

/**
 * The quotations the brief attributes to a case, each with its badge, the opinion's words and,
 * when they differ, both sides with the changed words marked.
 */
export function QuoteChecks({ quotes }: { quotes: Quote[] | null | undefined }) {
  if (!quotes?.length) return null;
  return (
    <List aria-label="Quotations" data-testid="report-quotes">
      {quotes.map((q, i) => (
        <Item key={i} data-testid="report-quote" data-status={q.status}>
          <div className="head">
            <Badge $tone={quoteTone(q.status)} data-testid="quote-status">
              {quoteLabel(q.status)}
            </Badge>
            {q.foundPage ? <span data-testid="quote-page">page {q.foundPage}</span> : null}
          </div>
          <blockquote data-testid="quote-text">“{q.text}”</blockquote>
          <div className="message" data-testid="quote-message">
            {q.message}
          </div>
          {q.diff ? (
            <dl>
              <dt>The brief</dt>
              <Runs parts={q.diff.quote} testId="quote-diff-brief" />
              <dt>The opinion</dt>
              <Runs parts={q.diff.opinion} testId="quote-diff-opinion" />
            </dl>
          ) : q.opinionText ? (
            <dl>
              <dt>The opinion</dt>
              <dd data-testid="quote-opinion">{q.opinionText}</dd>
            </dl>
          ) : null}
        </Item>
      ))}
    </List>
  );
}

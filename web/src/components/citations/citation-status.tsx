import { Badge } from '@/components/ui/badge';
import type { Citation } from '@citecheck/proto/graphql/types';
import { statusLabel, statusOf } from '@/lib/citations';

/**
 * The coloured verdict badge: Valid, Invalid, or what a citation without a verdict is (Not
 * checked (statute), Not verified); colour is never the only signal.
 */
export function CitationStatusBadge({ citation }: { citation: Pick<Citation, 'isValid' | 'type'> }) {
  const status = statusOf(citation);
  return (
    <Badge $tone={status} data-testid="citation-status">
      {status === 'valid' ? '✓ ' : status === 'invalid' ? '✗ ' : citation.type === 'case' ? '? ' : '– '}
      {statusLabel(citation)}
    </Badge>
  );
}

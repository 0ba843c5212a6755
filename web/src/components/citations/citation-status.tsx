import { Badge } from '@/components/ui/badge';
import type { Citation } from '@citecheck/proto/graphql/types';
import { STATUS_LABELS, statusOf } from '@/lib/citations';

/** The coloured Valid / Invalid / Pending badge; colour is never the only signal. */
export function CitationStatusBadge({ citation }: { citation: Pick<Citation, 'isValid'> }) {
  const status = statusOf(citation);
  return (
    <Badge $tone={status} data-testid="citation-status">
      {status === 'valid' ? '✓ ' : status === 'invalid' ? '✗ ' : '? '}
      {STATUS_LABELS[status]}
    </Badge>
  );
}

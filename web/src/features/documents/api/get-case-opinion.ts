import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CaseOpinion {
  /** The opinion's text, or null when there is none to show. */
  text: string | null;
  /**
   * False when this installation has no source of opinion texts (no CourtListener token):
   * not an error, the dialog shows the case's details and a link instead.
   */
  textAvailable: boolean;
}

/** POST /api/case-opinion {opinionUrl}: the opinion text behind a CourtListener address. */
export async function getCaseOpinion(opinionUrl: string): Promise<CaseOpinion> {
  const response = await api.post<{ opinionText?: string | null; textAvailable?: boolean }>('/api/case-opinion', { opinionUrl });
  const text = response?.opinionText?.trim() ? response.opinionText : null;
  return { text, textAvailable: response?.textAvailable !== false };
}

export const caseOpinionQueryOptions = (opinionUrl: string) =>
  queryOptions({ queryKey: ['case-opinion', opinionUrl], queryFn: () => getCaseOpinion(opinionUrl) });

export function useCaseOpinion(opinionUrl: string | null | undefined) {
  return useQuery({ ...caseOpinionQueryOptions(opinionUrl ?? ''), enabled: Boolean(opinionUrl) });
}

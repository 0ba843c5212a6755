import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/case-opinion {opinionUrl}: the opinion text behind a CourtListener address. */
export async function getCaseOpinion(opinionUrl: string): Promise<string | null> {
  const response = await api.post<{ opinionText?: string | null }>('/api/case-opinion', { opinionUrl });
  return response?.opinionText?.trim() ? response.opinionText : null;
}

export const caseOpinionQueryOptions = (opinionUrl: string) =>
  queryOptions({ queryKey: ['case-opinion', opinionUrl], queryFn: () => getCaseOpinion(opinionUrl) });

export function useCaseOpinion(opinionUrl: string | null | undefined) {
  return useQuery({ ...caseOpinionQueryOptions(opinionUrl ?? ''), enabled: Boolean(opinionUrl) });
}

import { gql, type TypedDocumentNode } from '@apollo/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryVisitorAnalyticsArgs, VisitorAnalytics } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';
import type { DateRange } from '@/features/admin/lib/format';

export type { VisitorAnalytics };

const VISITOR_ANALYTICS: TypedDocumentNode<{ visitorAnalytics: VisitorAnalytics }, QueryVisitorAnalyticsArgs> = gql`
  query VisitorAnalytics($startDate: String, $endDate: String) {
    visitorAnalytics(startDate: $startDate, endDate: $endDate) {
      totalVisitors
      uniqueVisitors
      pageViews
      avgSessionDuration
      bounceRate
      topPages {
        page
        views
      }
      topCountries {
        country
        visitors
      }
      deviceTypes {
        type
        count
      }
      browsers {
        browser
        count
      }
      dailyVisitors {
        date
        visitors
        uniqueVisitors
      }
    }
  }
`;

/** Visitor analytics from `startDate` through `endDate` (calendar days, both included). */
export async function getVisitorAnalytics(range: DateRange): Promise<VisitorAnalytics> {
  return adminCall(async () => (await getApolloClient().query({ query: VISITOR_ANALYTICS, variables: range })).data?.visitorAnalytics, 'Failed to fetch visitor analytics');
}

export const visitorAnalyticsQueryKey = (range: DateRange) => ['admin', 'visitor-analytics', range.startDate, range.endDate] as const;

export const visitorAnalyticsQueryOptions = (range: DateRange) =>
  queryOptions({ queryKey: visitorAnalyticsQueryKey(range), queryFn: () => getVisitorAnalytics(range) });

/** The previous range's figures stay on screen while a new range loads. */
export function useVisitorAnalytics(range: DateRange, enabled = true) {
  return useQuery({ ...visitorAnalyticsQueryOptions(range), enabled, placeholderData: keepPreviousData });
}

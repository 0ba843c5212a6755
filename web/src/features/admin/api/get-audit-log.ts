import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry, QueryAuditLogArgs } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

export type { AdminAuditEntry };

const AUDIT_LOG: TypedDocumentNode<{ auditLog: AdminAuditEntry[] }, QueryAuditLogArgs> = gql`
  query AuditLog($limit: Int) {
    auditLog(limit: $limit) {
      id
      at
      actor
      action
      target
      ipAddress
    }
  }
`;

/** The admin's latest `limit` actions (sign-ins, deletions, blocks, downloads), newest first. */
export async function getAuditLog(limit: number): Promise<AdminAuditEntry[]> {
  return adminCall(async () => (await getApolloClient().query({ query: AUDIT_LOG, variables: { limit } })).data?.auditLog ?? [], 'Failed to fetch audit log');
}

export const auditLogQueryKey = (limit: number) => ['admin', 'audit-log', limit] as const;

export const auditLogQueryOptions = (limit: number) => queryOptions({ queryKey: auditLogQueryKey(limit), queryFn: () => getAuditLog(limit) });

export function useAuditLog(limit: number) {
  return useQuery(auditLogQueryOptions(limit));
}

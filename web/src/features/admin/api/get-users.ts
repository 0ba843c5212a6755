import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

/** SPEC section 3, User (admin list). */
export type AdminUser = Pick<User, 'id' | 'name' | 'email' | 'isVerified' | 'verifiedAt' | 'userType' | 'reportLimit' | 'newsletterOptIn' | 'createdAt'>;

const USERS: TypedDocumentNode<{ users: AdminUser[] }> = gql`
  query AdminUsers {
    users {
      id
      name
      email
      isVerified
      verifiedAt
      userType
      reportLimit
      newsletterOptIn
      createdAt
    }
  }
`;

export async function getUsers(): Promise<AdminUser[]> {
  return adminCall(async () => (await getApolloClient().query({ query: USERS })).data?.users ?? [], 'Failed to fetch users');
}

export const usersQueryKey = ['admin', 'users'] as const;

export const usersQueryOptions = () => queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

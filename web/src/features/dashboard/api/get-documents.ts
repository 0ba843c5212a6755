import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

export interface DashboardReport {
  id: string;
  documentId: string;
  totalCitations: number;
  validCitations: number;
  invalidCitations: number;
  accuracyRate: number;
}

export interface DashboardDocument {
  id: string;
  filename: string;
  fileType: string;
  uploadedAt: string;
  validationReport: DashboardReport | null;
}

/** The documents call said the session was not opened with a password (SPEC: 'Password Required'). */
export class PasswordRequiredError extends Error {
  constructor() {
    super('PASSWORD_REQUIRED');
    this.name = 'PasswordRequiredError';
  }
}

export function isPasswordRequired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const body = error.body as { requiresPassword?: unknown; error?: unknown; message?: unknown } | undefined;
  return body?.requiresPassword === true || body?.error === 'PASSWORD_REQUIRED' || body?.message === 'PASSWORD_REQUIRED';
}

/** GET /api/user/documents: the dashboard list. */
export async function getUserDocuments(): Promise<DashboardDocument[]> {
  try {
    const answer = await api.get<{ documents?: DashboardDocument[] }>('/api/user/documents');
    return answer?.documents ?? [];
  } catch (error) {
    if (isPasswordRequired(error)) throw new PasswordRequiredError();
    throw new Error('Failed to fetch documents', { cause: error });
  }
}

export const userDocumentsQueryKey = ['user-documents'] as const;

export function useUserDocuments(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: userDocumentsQueryKey, queryFn: getUserDocuments, enabled, retry: false }));
}

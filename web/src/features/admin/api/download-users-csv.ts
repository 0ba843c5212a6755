import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadText } from '@/lib/download';

/** SPEC section 7: the CSV of users is saved under this name. */
export const USERS_CSV_FILENAME = 'user_registrations.csv';

/**
 * GET /api/admin/users/download, authorised by the admin cookie (a file the supergraph does
 * not carry), then saved as user_registrations.csv.
 */
export async function downloadUsersCsv(): Promise<void> {
  let csv: unknown;
  try {
    csv = await api.get<unknown>('/api/admin/users/download', { headers: { Accept: 'text/csv' } });
  } catch (error) {
    throw new Error('Download Failed', { cause: error });
  }
  if (typeof csv !== 'string' || csv.length === 0) throw new Error('Download Failed');
  downloadText(csv, USERS_CSV_FILENAME, 'text/csv;charset=utf-8');
}

export function useDownloadUsersCsv() {
  return useMutation({ mutationFn: downloadUsersCsv });
}

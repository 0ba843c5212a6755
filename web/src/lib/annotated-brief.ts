import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnotatedAccess } from '@citecheck/proto/http/documents';
import { apiBaseUrl, errorFromResponse, request } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';

/**
 * The annotated brief (the upload back with the findings marked), shared by the results and
 * the report pages: who may download it, the download itself, and the owner's choice to let
 * the report link offer it.
 */
const base = (documentId: string) => `/api/documents/${encodeURIComponent(documentId)}/annotated`;

export async function getAnnotatedAccess(documentId: string): Promise<AnnotatedAccess> {
  return request<AnnotatedAccess>(`${base(documentId)}/access`);
}

export const annotatedAccessQueryKey = (documentId: string) => ['documents', documentId, 'annotated'] as const;

export const annotatedAccessQueryOptions = (documentId: string) =>
  queryOptions({ queryKey: annotatedAccessQueryKey(documentId), queryFn: () => getAnnotatedAccess(documentId) });

export function useAnnotatedAccess(documentId: string | null | undefined) {
  return useQuery({ ...annotatedAccessQueryOptions(documentId ?? ''), enabled: Boolean(documentId) });
}

export async function setAnnotatedSharing(input: { documentId: string; shared: boolean }): Promise<AnnotatedAccess> {
  return request<AnnotatedAccess>(`${base(input.documentId)}/sharing`, { method: 'PUT', body: { shared: input.shared } });
}

/** The owner's choice shows at once, and goes back if the server refuses it. */
export function useSetAnnotatedSharing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAnnotatedSharing,
    onMutate: (input) => {
      const key = annotatedAccessQueryKey(input.documentId);
      const before = client.getQueryData<AnnotatedAccess>(key);
      if (before) client.setQueryData<AnnotatedAccess>(key, { ...before, shared: input.shared, canDownload: before.available && (before.isOwner || input.shared) });
      return { before };
    },
    onError: (_error, input, context) => {
      if (context?.before) client.setQueryData(annotatedAccessQueryKey(input.documentId), context.before);
    },
    onSuccess: (access, input) => client.setQueryData(annotatedAccessQueryKey(input.documentId), access),
  });
}

/** The file's name from the answer's Content-Disposition (its UTF-8 form first). */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches the annotated copy with the session (bearer and cookies, as every call) and saves it.
 * The server makes the copy on first request, which for a long scan takes a while.
 */
export async function downloadAnnotated(documentId: string): Promise<string> {
  const headers: Record<string, string> = {};
  const token = sessionToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBaseUrl()}${base(documentId)}`, { headers, credentials: 'include' });
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  const filename = filenameFrom(response.headers.get('Content-Disposition'), 'annotated-brief');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return filename;
}

export function useDownloadAnnotated() {
  return useMutation({ mutationFn: downloadAnnotated });
}

import { api } from '@/lib/api-client';
import { toGraphqlCitation, type SpecCitation } from '@citecheck/proto/citation';
import type { Citation, Document } from '@citecheck/proto/graphql/types';

/** The document as the upload answers it and the results screen keeps it. */
export type DocumentSummary = Pick<Document, 'id' | 'filename'> & Partial<Pick<Document, 'fileType' | 'uploadedAt' | 'userEmail'>>;

export interface UploadInput {
  file: File;
  sessionId: string;
  /** Sent for signed-in users so the server can attribute the upload (SPEC section 7). */
  user?: { name: string; email: string; registeredAt: string };
}

export interface UploadResponse {
  document: DocumentSummary;
  citations: Citation[];
}

/** POST /api/documents/upload (multipart). Answers once extraction and validation are done. */
export async function uploadDocument(input: UploadInput): Promise<UploadResponse> {
  const form = new FormData();
  form.append('document', input.file, input.file.name);
  form.append('sessionId', input.sessionId);
  if (input.user) {
    form.append('userName', input.user.name);
    form.append('userEmail', input.user.email);
    form.append('registeredAt', input.user.registeredAt);
  }
  const response = await api.post<{ document: DocumentSummary; citations?: SpecCitation[] }>('/api/documents/upload', form);
  // In the supergraph's shape, as the results table reads them from GraphQL afterwards.
  return { document: response.document, citations: (response.citations ?? []).map(toGraphqlCitation) };
}

/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/react-query';
import { ApiError } from '@/lib/api-client';
import type { ProgressUpdate } from '@/features/documents/lib/stages';

// The live channel, the upload and the cancel call are answered by the test; the modules that
// use them are loaded after the mocks are registered (the compiler does not hoist them).
let onProgress: (message: ProgressUpdate) => void = () => undefined;
jest.mock('./use-progress-socket', () => ({ useProgressSocket: (_session: string, handler: (m: ProgressUpdate) => void) => void (onProgress = handler) }));
const mockUpload = jest.fn<() => Promise<unknown>>();
jest.mock('@/features/documents/api/upload-document', () => ({ uploadDocument: mockUpload }));
const mockCancel = jest.fn<(input: { documentId: string }) => Promise<unknown>>();
jest.mock('@/features/documents/api/cancel-document', () => ({ cancelDocument: mockCancel }));
const signedIn = { isAuthenticated: true, isVerified: true, user: { name: 'Lee', email: 'lee@firm.test' } };
jest.mock('@/lib/auth', () => ({ useAuthStatus: () => ({ data: signedIn }), authStatusQueryOptions: () => ({ queryKey: ['auth-status'], queryFn: async () => signedIn }) }));

let useDocumentProcessing: typeof import('./use-document-processing').useDocumentProcessing;
let getToasts: typeof import('@/components/ui/toast-store').getToasts;
let dismissToast: typeof import('@/components/ui/toast-store').dismissToast;
beforeAll(async () => {
  ({ useDocumentProcessing } = await import('./use-document-processing'));
  ({ getToasts, dismissToast } = await import('@/components/ui/toast-store'));
});

const CANCELLED = 'Reading this document was cancelled.';

function renderProcessing() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDocumentProcessing({ onNeedsAuth: () => undefined, onLimitReached: () => undefined }), { wrapper });
}

/** An upload whose answer the test gives later. */
function pendingUpload(): { fail: (error: unknown) => void } {
  let fail: (error: unknown) => void = () => undefined;
  mockUpload.mockImplementation(() => new Promise((_resolve, reject) => (fail = reject)));
  return { fail: (error) => fail(error) };
}

const cancelledError = () => new ApiError({ message: CANCELLED, status: 422, statusText: 'Unprocessable Entity', body: { message: CANCELLED } });

describe('cancelling a document being read', () => {
  beforeEach(() => {
    mockUpload.mockReset();
    mockCancel.mockReset();
    for (const t of getToasts()) dismissToast(t.id);
  });

  it('cancels the document the server named, then says once that it was cancelled', async () => {
    const upload = pendingUpload();
    mockCancel.mockResolvedValue({ success: true, message: 'Cancelling' });
    const { result } = renderProcessing();
    await act(() => result.current.submitFile(new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' })));
    act(() => onProgress({ step: 'upload', message: 'Received scan.pdf', progress: 5, documentId: 'doc-1' }));
    act(() => onProgress({ step: 'OCR', message: 'Recognising text on scanned pages (1 of 40 pages read)', progress: 14 }));
    expect(result.current.state.progress.documentId).toBe('doc-1');

    await act(() => result.current.cancel());
    expect(mockCancel).toHaveBeenCalledWith({ documentId: 'doc-1' });
    // The server ends the read: the live channel's error and the upload's answer both say so.
    act(() => onProgress({ step: 'error', message: CANCELLED, progress: 10 }));
    await act(async () => upload.fail(cancelledError()));
    await waitFor(() => expect(result.current.state.progress.status).toBe('idle'));
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Document Cancelled', description: CANCELLED, variant: 'default' })]);
  });

  it('says so when the cancel is refused, and the run goes on', async () => {
    pendingUpload();
    mockCancel.mockRejectedValue(new ApiError({ message: 'This document is already finished', status: 409, statusText: 'Conflict', body: { message: 'This document is already finished' } }));
    const { result } = renderProcessing();
    await act(() => result.current.submitFile(new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' })));
    act(() => onProgress({ step: 'upload', message: 'Received scan.pdf', progress: 5, documentId: 'doc-2' }));
    await act(() => result.current.cancel());
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Cancel Failed', description: 'This document is already finished', variant: 'destructive' })]);
    expect(result.current.state.progress.status).toBe('processing');
    expect(result.current.cancelling).toBe(false);
  });

  it('a failure the uploader did not ask for still reads as a failure', async () => {
    const upload = pendingUpload();
    const { result } = renderProcessing();
    await act(() => result.current.submitFile(new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' })));
    act(() => onProgress({ step: 'upload', message: 'Received scan.pdf', progress: 5, documentId: 'doc-3' }));
    act(() => onProgress({ step: 'error', message: 'This PDF is damaged and cannot be read.', progress: 10 }));
    await act(async () => upload.fail(cancelledError()));
    expect(getToasts()[0]).toMatchObject({ title: 'Upload Failed', variant: 'destructive' });
  });
});

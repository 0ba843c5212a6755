/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AnnotatedAccess } from '@citecheck/proto/http/documents';
import { renderWithProviders } from '@/testing/render';
import { createQueryClient } from '@/lib/react-query';
import { annotatedAccessQueryKey, filenameFrom } from '@/lib/annotated-brief';
import { AnnotatedBrief } from './annotated-brief';

const access = (overrides: Partial<AnnotatedAccess>): AnnotatedAccess => ({ available: true, canDownload: true, isOwner: true, shared: false, format: 'docx', ...overrides });

function show(info: AnnotatedAccess) {
  const client = createQueryClient();
  client.setQueryData(annotatedAccessQueryKey('doc-1'), info);
  return renderWithProviders(<AnnotatedBrief documentId="doc-1" />, client);
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('AnnotatedBrief', () => {
  it('offers the owner the download and the choice to share it', () => {
    show(access({}));
    expect(screen.getByTestId('download-annotated').textContent).toBe('Download annotated brief (.docx)');
    expect((screen.getByTestId('share-annotated') as HTMLInputElement).checked).toBe(false);
  });

  it('offers a report-link visitor the download only while the owner shares it', () => {
    const { unmount } = show(access({ isOwner: false, canDownload: false }));
    expect(screen.queryByTestId('annotated-brief')).toBeNull();
    unmount();
    show(access({ isOwner: false, canDownload: true, shared: true, format: 'pdf' }));
    expect(screen.getByTestId('download-annotated').textContent).toBe('Download annotated brief (.pdf)');
    expect(screen.queryByTestId('share-annotated')).toBeNull();
  });

  it('shows nothing while no copy can be made', () => {
    show(access({ available: false, canDownload: false }));
    expect(screen.queryByTestId('annotated-brief')).toBeNull();
  });

  it('goes back to the owner\'s earlier choice when the server refuses it', async () => {
    const refusal = { ok: false, status: 403, statusText: 'Forbidden', text: async () => JSON.stringify({ message: 'Only the owner of this document can change who may download the annotated brief.', error: 'owner_only' }) };
    let answer: (value: typeof refusal) => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise((resolve) => (answer = resolve))) as unknown as typeof fetch;
    show(access({}));
    fireEvent.click(screen.getByTestId('share-annotated'));
    // Shown at once, before the server answers...
    await waitFor(() => expect((screen.getByTestId('share-annotated') as HTMLInputElement).checked).toBe(true));
    answer(refusal);
    // ...and undone when it refuses.
    await waitFor(() => expect((screen.getByTestId('share-annotated') as HTMLInputElement).checked).toBe(false));
  });

  it('saves the owner\'s sharing choice with the server and shows the server\'s answer', async () => {
    // jsdom has no Response: the answer as fetch's caller reads it.
    const answer = { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify(access({ shared: true })) };
    const fetchMock = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    show(access({}));
    fireEvent.click(screen.getByTestId('share-annotated'));
    await waitFor(() => expect((screen.getByTestId('share-annotated') as HTMLInputElement).checked).toBe(true));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/documents/doc-1/annotated/sharing');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ shared: true });
  });
});

describe('filenameFrom', () => {
  it('reads the UTF-8 name, then the plain one', () => {
    expect(filenameFrom(`attachment; filename="Re_sume_ (CiteCheck).docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28CiteCheck%29.docx`, 'x')).toBe('Résumé (CiteCheck).docx');
    expect(filenameFrom('attachment; filename="Brief (CiteCheck).pdf"', 'x')).toBe('Brief (CiteCheck).pdf');
    expect(filenameFrom(null, 'annotated-brief')).toBe('annotated-brief');
  });
});

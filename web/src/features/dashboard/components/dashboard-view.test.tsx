/** @jest-environment jsdom */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthStatus } from '@citecheck/proto/graphql/types';
import { FREE, PREMIUM, SIGNED_OUT } from '@/testing/accounts';
import { getToasts } from '@/components/ui/toast-store';
import { authStatusQueryKey } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { renderWithProviders } from '@/testing/render';
import type { DashboardDocument } from '../api/get-documents';

// The router is stood in for (react-router needs TextEncoder, which jsdom lacks): navigation and
// the query string are read from the calls. The screen is loaded after the mocks are registered.
const mockNavigate = jest.fn<(to: string) => void>();
const mockSetSearch = jest.fn<(next: unknown, options?: unknown) => void>();
let mockSearch = new URLSearchParams();
jest.mock('react-router-dom', () => ({
  useNavigate: () => mockNavigate,
  useSearchParams: () => [mockSearch, mockSetSearch],
}));
let mockAuth: AuthStatus | null = null;
jest.mock('@/lib/auth-query', () => ({ queryAuthStatus: async () => mockAuth }));

let DashboardView: typeof import('./dashboard-view').DashboardView;
beforeAll(async () => {
  ({ DashboardView } = await import('./dashboard-view'));
});


const DOCUMENTS: DashboardDocument[] = [
  {
    id: 'doc-1',
    filename: 'mata-v-avianca.pdf',
    fileType: 'pdf',
    uploadedAt: new Date(2026, 10, 4, 12).toISOString(),
    validationReport: { id: 'rep-1', documentId: 'doc-1', totalCitations: 6, validCitations: 4, invalidCitations: 2, accuracyRate: 66.67 },
  },
  { id: 'doc-2', filename: 'draft.docx', fileType: 'docx', uploadedAt: new Date(2026, 10, 5, 12).toISOString(), validationReport: null },
];

type Answer = { status: number; body?: unknown };

/** What the API client reads of a fetch answer (jsdom has no Response). */
function answered({ status, body }: Answer) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as unknown as Response;
}

let answers: Record<string, Answer>;
let calls: Array<{ url: string; method: string }>;

beforeEach(() => {
  calls = [];
  answers = {};
  mockNavigate.mockReset();
  mockSetSearch.mockReset();
  mockSearch = new URLSearchParams();
  window.localStorage.clear();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ url, method });
    return answered(answers[`${method} ${url}`] ?? { status: 404, body: { message: 'not here' } });
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderDashboard(auth: AuthStatus) {
  mockAuth = auth;
  const queryClient = createQueryClient();
  queryClient.setQueryData(authStatusQueryKey, auth);
  return renderWithProviders(<DashboardView />, queryClient);
}

const lastToast = () => getToasts()[0];

describe('DashboardView', () => {
  it("signed out: 'Access Denied' and Go to Home", () => {
    renderDashboard(SIGNED_OUT);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Please sign in to access your dashboard')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(mockNavigate).toHaveBeenCalledWith('/');
    expect(calls).toEqual([]);
  });

  it("paid: skeletons while loading, then 'No documents yet' with Upload Document", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = jest.fn(async () => {
      await gate;
      return answered({ status: 200, body: { documents: [] } });
    }) as typeof fetch;
    renderDashboard(PREMIUM);
    expect(screen.getByRole('heading', { name: 'My Dashboard' })).toBeTruthy();
    expect(screen.getByText('Welcome back, Paula Payer!')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Loading documents' })).toBeTruthy();
    release();
    expect(await screen.findByText('No documents yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Document' }));
    expect(mockNavigate).toHaveBeenCalledWith('/#upload');
    fireEvent.click(screen.getByRole('button', { name: 'Billing' }));
    expect(mockNavigate).toHaveBeenCalledWith('/billing');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(mockNavigate).toHaveBeenLastCalledWith('/');
  });

  it("shows each document's card: name, 'Processed', upload date, type, summary, id; View Report opens the report", async () => {
    answers['GET /api/user/documents'] = { status: 200, body: { documents: DOCUMENTS } };
    renderDashboard(PREMIUM);
    const cards = await screen.findAllByTestId('dashboard-document');
    expect(cards).toHaveLength(2);
    const card = within(cards[0]);
    expect(card.getByRole('heading', { name: 'mata-v-avianca.pdf' })).toBeTruthy();
    expect(card.getByText('Processed')).toBeTruthy();
    expect(card.getByTestId('document-date').textContent).toBe('Nov 4, 2026');
    expect(card.getByText('pdf')).toBeTruthy();
    expect(card.getByText('doc-1')).toBeTruthy();
    const summary = within(card.getByTestId('document-summary'));
    const facts = Object.fromEntries(
      summary.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Total: '6', Valid: '4', Invalid: '2', Accuracy: '67% of 6 checked' });
    fireEvent.click(card.getByRole('button', { name: 'View Report' }));
    expect(mockNavigate).toHaveBeenCalledWith('/report/rep-1');
    // A document whose report is not there yet has nothing to share or open.
    const second = within(cards[1]);
    expect(second.getByText('No report has been generated for this document yet.')).toBeTruthy();
    expect(second.queryByRole('button', { name: 'Copy Link' })).toBeNull();
    expect(second.queryByRole('button', { name: 'View Report' })).toBeNull();
  });

  it("Copy Link copies the site's address of the report and says 'Link Copied'; a refused copy says how to do it by hand", async () => {
    answers['GET /api/user/documents'] = { status: 200, body: { documents: DOCUMENTS } };
    const writeText = jest.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDashboard(PREMIUM);
    const [card] = await screen.findAllByTestId('dashboard-document');
    fireEvent.click(within(card).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Link Copied'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/report/rep-1`);

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(within(card).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Copy failed', description: 'Failed to copy link. Please copy the URL manually.', variant: 'destructive' }),
    );
  });

  it("says 'Failed to fetch documents' when the list cannot be read", async () => {
    answers['GET /api/user/documents'] = { status: 500, body: { message: 'Internal server error', error: 'internal' } };
    renderDashboard(PREMIUM);
    expect((await screen.findByTestId('dashboard-documents-error')).textContent).toBe('Failed to fetch documents');
  });

  it("asks for a password sign-in when the documents call says so; Sign Out ends the session and clears the token", async () => {
    answers['GET /api/user/documents'] = { status: 403, body: { message: 'PASSWORD_REQUIRED', error: 'PASSWORD_REQUIRED', requiresPassword: true } };
    answers['POST /api/auth/logout'] = { status: 200, body: { success: true } };
    window.localStorage.setItem('sessionToken', 'token-without-password');
    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener('openAuthDialog', listener);
    try {
      renderDashboard(PREMIUM);
      expect(await screen.findByRole('heading', { name: 'Password Required' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Sign In with Password' }));
      expect(opened).toEqual([{ mode: 'login', email: 'paula@firm.test' }]);
      mockAuth = SIGNED_OUT;
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
      expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      expect(window.localStorage.getItem('sessionToken')).toBeNull();
      expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/auth/logout');
    } finally {
      window.removeEventListener('openAuthDialog', listener);
    }
  });

  it("free: the blocking 'Dashboard Access Restricted' modal with reports remaining, Upgrade to Premium and Back to Home", async () => {
    answers['GET /api/user/report-usage'] = { status: 200, body: { reportLimit: 5, reportsUsed: 2 } };
    renderDashboard(FREE);
    const modal = screen.getByRole('alertdialog', { name: 'Dashboard Access Restricted' });
    expect((await within(modal).findByTestId('dashboard-restricted-usage')).textContent).toBe('You have 3 of 5 reports remaining on the free plan.');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('alertdialog', { name: 'Dashboard Access Restricted' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(mockNavigate).toHaveBeenCalledWith('/subscription');
    fireEvent.click(within(modal).getByRole('button', { name: 'Back to Home' }));
    expect(mockNavigate).toHaveBeenLastCalledWith('/');
    // A free user's documents are not asked for.
    expect(calls.map((c) => c.url)).not.toContain('/api/user/documents');
  });

  it("free: says 'Failed to fetch report usage' when it cannot be read", async () => {
    answers['GET /api/user/report-usage'] = { status: 500, body: { message: 'Internal server error', error: 'internal' } };
    renderDashboard(FREE);
    expect(await screen.findByText('Failed to fetch report usage')).toBeTruthy();
  });

  it("congratulates a paid user arriving with success=true, clears the query string, and View Dashboard closes it", async () => {
    answers['GET /api/user/documents'] = { status: 200, body: { documents: [] } };
    mockSearch = new URLSearchParams('success=true&plan=premium');
    renderDashboard(PREMIUM);
    const modal = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(within(modal).getByText(/Your Premium subscription is active/)).toBeTruthy();
    expect(mockSetSearch).toHaveBeenCalledWith({}, { replace: true });
    await act(async () => {
      fireEvent.click(within(modal).getByRole('button', { name: 'View Dashboard' }));
    });
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).toBeNull();
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });
});

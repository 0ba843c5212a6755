/** @jest-environment jsdom */
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import type { DocumentNode, OperationDefinitionNode } from 'graphql';
import { renderChartsWithoutLayout } from '@/testing/charts';
import { renderWithProviders } from '@/testing/render';

// The console reads and writes through Apollo Client; the test plays the gateway, answering
// each operation by name from `handlers` and recording the variables it was sent.
type Variables = Record<string, unknown> | undefined;
type Handler = (variables: Variables) => unknown;
let handlers: Record<string, Handler> = {};
const calls: Array<{ operation: string; variables: Variables }> = [];

function answer(document: DocumentNode, variables: Variables) {
  const operation = (document.definitions[0] as OperationDefinitionNode).name!.value;
  calls.push({ operation, variables });
  const handler = handlers[operation];
  if (!handler) return Promise.reject(new Error(`no answer for ${operation}`));
  try {
    return Promise.resolve({ data: handler(variables) });
  } catch (error) {
    return Promise.reject(error);
  }
}

jest.mock('@/lib/apollo', () => ({
  getApolloClient: () => ({
    query: (options: { query: DocumentNode; variables?: Variables }) => answer(options.query, options.variables),
    mutate: (options: { mutation: DocumentNode; variables?: Variables }) => answer(options.mutation, options.variables),
  }),
}));

let AdminConsole: typeof import('./admin-console').AdminConsole;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
let getToasts: typeof import('@/components/ui/toast-store').getToasts;
beforeAll(async () => {
  // react-router reads TextEncoder when loaded, which jsdom's globals lack.
  Object.assign(globalThis, jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util'));
  ({ MemoryRouter } = await import('react-router-dom'));
  ({ AdminConsole } = await import('./admin-console'));
  ({ getToasts } = await import('@/components/ui/toast-store'));
  renderChartsWithoutLayout();
});

const refused = (message: string, status = 401) => () => {
  throw new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { status } }] });
};

const SESSION = { email: 'admin@citecheck.test', expiresAt: '2026-11-27T09:00:00.000Z' };
const USERS = [
  { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', isVerified: false, verifiedAt: null, userType: 'free', reportLimit: 5, newsletterOptIn: true, createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com', isVerified: true, verifiedAt: '2026-11-21T10:00:00.000Z', userType: 'premium', reportLimit: 100, newsletterOptIn: false, createdAt: '2026-11-19T10:00:00.000Z' },
];
const DOCUMENTS = [
  {
    id: 'd1',
    filename: 'sample-filing.pdf',
    fileType: 'pdf',
    uploadedAt: '2026-11-25T10:00:00.000Z',
    userEmail: 'grace@example.com',
    user: { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
    validationReport: { id: 'r1', totalCitations: 10, validCitations: 7, invalidCitations: 3, accuracyRate: 70 },
  },
];
const USAGE = [
  {
    id: 'd1',
    documentName: 'sample-filing.pdf',
    createdAt: '2026-11-25T10:00:00.000Z',
    user: { name: 'Grace Hopper', email: 'grace@example.com', isVerified: true },
    documentSize: 20480,
    citationCount: 10,
    ocrUsed: false,
    llmCalls: 2,
    llmTokensUsed: 400_000,
    courtListenerCalls: 3,
    processingTimeMs: 1500,
    ipAddress: '203.0.113.7',
    status: 'validated',
    reportId: 'r1',
  },
];
const STATS = { totalDocuments: 1, totalCitations: 10, avgProcessingTime: 1500, ocrUsageCount: 0, dailyUsage: [{ date: '2026-11-25', count: 1 }] };
const ANALYTICS = {
  totalVisitors: 3,
  uniqueVisitors: 2,
  pageViews: 7,
  avgSessionDuration: 125,
  bounceRate: 33.3,
  topPages: [
    { page: '/', views: 5 },
    { page: '/dashboard', views: 2 },
  ],
  topCountries: [{ country: 'Unknown', visitors: 3 }],
  deviceTypes: [{ type: 'desktop', count: 3 }],
  browsers: [{ browser: 'Chrome', count: 3 }],
  dailyVisitors: [{ date: '2026-11-25', visitors: 3, uniqueVisitors: 2 }],
};

function signedIn(overrides: Record<string, Handler> = {}) {
  let audit = [{ id: 'a1', at: '2026-11-26T09:00:00.000Z', actor: SESSION.email, action: 'admin.login', target: SESSION.email, ipAddress: '198.51.100.10' }];
  let blacklist: Array<{ ipAddress: string; reason: string | null; blockedAt: string; blockedBy: string }> = [{ ipAddress: '198.51.100.9', reason: 'scraping', blockedAt: '2026-11-25T10:00:00.000Z', blockedBy: SESSION.email }];
  handlers = {
    AdminSession: () => ({ adminSession: SESSION }),
    AdminStats: () => ({ stats: STATS }),
    UsageMetrics: () => ({ usageMetrics: USAGE }),
    AdminUsers: () => ({ users: USERS }),
    AdminDocuments: () => ({ documents: DOCUMENTS }),
    VisitorAnalytics: () => ({ visitorAnalytics: ANALYTICS }),
    Blacklist: () => ({ blacklist: { blacklistedIPs: blacklist, totalBlacklisted: blacklist.length } }),
    AuditLog: () => ({ auditLog: audit }),
    BlockIp: (variables) => {
      const entry = { ipAddress: String(variables?.ipAddress), reason: (variables?.reason as string | null) ?? null, blockedAt: '2026-11-26T10:00:00.000Z', blockedBy: SESSION.email };
      blacklist = [entry, ...blacklist];
      audit = [{ id: `a${audit.length + 1}`, at: entry.blockedAt, actor: SESSION.email, action: 'ip.block', target: entry.ipAddress, ipAddress: '198.51.100.10' }, ...audit];
      return { blockIp: entry };
    },
    UnblockIp: (variables) => {
      blacklist = blacklist.filter((entry) => entry.ipAddress !== variables?.ipAddress);
      return { unblockIp: { success: true, message: 'IP unblocked' } };
    },
    ...overrides,
  };
}

function renderConsole() {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/metrics']}>
      <AdminConsole />
    </MemoryRouter>,
  );
}

const lastToast = () => getToasts()[0];

/** What the REST client reads of a fetch answer (jsdom has no Response). */
const response = (status: number, body: string) =>
  ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => body }) as unknown as Response;
const operations = () => calls.map((call) => call.operation);

beforeEach(() => {
  calls.length = 0;
  handlers = {};
});

describe('admin login', () => {
  it('asks the server, shows its refusal and clears both fields', async () => {
    handlers = {
      AdminSession: () => ({ adminSession: null }),
      AdminLogin: refused('Invalid email or password'),
    };
    renderConsole();
    const email = (await screen.findByTestId('admin-email')) as HTMLInputElement;
    const password = screen.getByTestId('admin-password') as HTMLInputElement;
    expect(email.required && password.required).toBe(true);
    fireEvent.change(email, { target: { value: 'admin@citecheck.test' } });
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.submit(screen.getByTestId('admin-login-form'));
    expect((await screen.findByTestId('admin-login-error')).textContent).toBe('Invalid email or password');
    expect(email.value).toBe('');
    expect(password.value).toBe('');
    expect(calls.find((call) => call.operation === 'AdminLogin')?.variables).toEqual({ email: 'admin@citecheck.test', password: 'wrong' });
  });

  it('sends nothing while a field is empty', async () => {
    handlers = { AdminSession: () => ({ adminSession: null }) };
    renderConsole();
    fireEvent.change(await screen.findByTestId('admin-email'), { target: { value: 'admin@citecheck.test' } });
    fireEvent.submit(screen.getByTestId('admin-login-form'));
    await act(async () => {});
    expect(operations()).not.toContain('AdminLogin');
  });

  it('opens the dashboard once the server accepts, and keeps no credentials in the browser', async () => {
    handlers = { AdminSession: () => ({ adminSession: null }) };
    renderConsole();
    fireEvent.change(await screen.findByTestId('admin-email'), { target: { value: 'admin@citecheck.test' } });
    fireEvent.change(screen.getByTestId('admin-password'), { target: { value: 'correct horse battery' } });
    signedIn({ AdminLogin: () => ({ adminLogin: SESSION }) });
    fireEvent.submit(screen.getByTestId('admin-login-form'));
    expect(await screen.findByTestId('admin-dashboard')).toBeTruthy();
    // The sign-in button is gone; focus starts at the dashboard's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    expect(screen.getByRole('tab', { name: 'Usage Metrics' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Visitor Analytics' })).toBeTruthy();
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('correct horse battery');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('correct horse battery');
  });
});

describe('Usage Metrics tab', () => {
  it('shows the stats with the cost, recent activity, users and documents with a report link', async () => {
    signedIn();
    renderConsole();
    expect((await screen.findByTestId('stat-total-documents')).textContent).toBe('1');
    expect(screen.getByTestId('stat-avg-processing').textContent).toBe('1.5s');
    // 400,000 tokens at 0.0025 dollars per 1,000, plus 300 dollars.
    await waitFor(() => expect(screen.getByTestId('stat-cost').textContent).toMatch(/^\$301\.00/));
    const record = await screen.findByTestId('usage-record');
    expect(within(record).getByTestId('usage-record-ip').textContent).toBe('203.0.113.7');
    expect(within(record).getByRole('link', { name: 'sample-filing.pdf' }).getAttribute('href')).toBe('/report/r1');
    expect((await screen.findAllByTestId('user-row')).map((row) => row.getAttribute('data-email'))).toEqual(['ada@example.com', 'grace@example.com']);
    const document = await screen.findByTestId('document-row');
    expect(within(document).getByTestId('document-user').textContent).toContain('Grace Hopper');
    expect(within(document).getByTestId('document-report-link').getAttribute('href')).toBe('/report/r1');
    // 70 percent is under the 0.8 threshold.
    expect(within(document).getByText('70%')).toBeTruthy();
    const table = within(screen.getByTestId('users-table')).getByRole('table');
    expect(table.querySelector('caption')?.textContent).toMatch(/2 registered users/);
    expect([...table.querySelectorAll('thead th')].every((th) => th.getAttribute('scope') === 'col')).toBe(true);
  });

  it("shows a read's failure in SPEC's words, section by section", async () => {
    signedIn({ AdminStats: refused('boom', 500), AdminUsers: refused('boom', 500) });
    renderConsole();
    expect((await screen.findByTestId('admin-stats-error')).textContent).toBe('Failed to fetch stats');
    expect((await screen.findByTestId('users-table-error')).textContent).toBe('Failed to fetch users');
    expect(await screen.findByTestId('document-row')).toBeTruthy();
  });

  it('deletes a user after confirmation, then reads the list again', async () => {
    signedIn({ DeleteUser: () => ({ deleteUser: { success: true, message: 'User deleted' } }) });
    renderConsole();
    const row = (await screen.findAllByTestId('user-row'))[0];
    fireEvent.click(within(row).getByTestId('delete-user'));
    expect(operations()).not.toContain('DeleteUser');
    fireEvent.click(await screen.findByTestId('confirm-delete-user'));
    await waitFor(() => expect(lastToast()?.title).toBe('User Deleted'));
    expect(calls.find((call) => call.operation === 'DeleteUser')?.variables).toEqual({ id: 'u1' });
    await waitFor(() => expect(operations().filter((name) => name === 'AdminUsers').length).toBe(2));
  });

  it("toasts the server's refusal to delete, or SPEC's words", async () => {
    signedIn({ DeleteUser: refused('User not found', 404) });
    renderConsole();
    fireEvent.click(within((await screen.findAllByTestId('user-row'))[0]).getByTestId('delete-user'));
    fireEvent.click(await screen.findByTestId('confirm-delete-user'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'User not found', variant: 'destructive' }));

    handlers.DeleteUser = () => ({ deleteUser: { success: false, message: '' } });
    fireEvent.click(within(screen.getAllByTestId('user-row')[0]).getByTestId('delete-user'));
    fireEvent.click(await screen.findByTestId('confirm-delete-user'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to delete user', variant: 'destructive' }));
  });

  it('resends verification to an unverified user only', async () => {
    signedIn({ ResendVerification: () => ({ resendVerification: { success: true, message: 'Verification email sent' } }) });
    renderConsole();
    const [unverified, verified] = await screen.findAllByTestId('user-row');
    expect(within(verified).queryByTestId('resend-verification')).toBeNull();
    fireEvent.click(within(unverified).getByTestId('resend-verification'));
    await waitFor(() => expect(lastToast()?.title).toBe('Verification Email Sent'));
    expect(calls.find((call) => call.operation === 'ResendVerification')?.variables).toEqual({ id: 'u1' });

    handlers.ResendVerification = refused('boom', 500);
    fireEvent.click(within(unverified).getByTestId('resend-verification'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'boom', variant: 'destructive' }));
  });

  it('downloads the users as user_registrations.csv, and says so when it fails', async () => {
    signedIn();
    const saved: string[] = [];
    const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(response(200, 'id,name,email\nu1,Ada,ada@example.com\n'));
    globalThis.fetch = fetchMock;
    URL.createObjectURL = () => 'blob:users';
    URL.revokeObjectURL = () => undefined;
    // jsdom cannot save a file; the link the download clicks is recorded instead.
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderConsole();
    fireEvent.click(await screen.findByTestId('download-users-csv'));
    await waitFor(() => expect(lastToast()?.title).toBe('Download Complete'));
    expect(saved).toEqual(['user_registrations.csv']);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/admin/users/download');
    expect(fetchMock.mock.calls[0][1]?.credentials).toBe('include');

    fetchMock.mockResolvedValue(response(401, JSON.stringify({ message: 'Admin access required' })));
    fireEvent.click(screen.getByTestId('download-users-csv'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Download Failed', variant: 'destructive' }));
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });
});

describe('Visitor Analytics tab', () => {
  async function openVisitors() {
    renderConsole();
    const tab = await screen.findByRole('tab', { name: 'Visitor Analytics' });
    // Keyboard: the arrow key moves to and selects the next tab.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Usage Metrics' }), { key: 'ArrowRight' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab);
  }

  it('asks for the last 30 days through today by default and shows the figures', async () => {
    signedIn();
    await openVisitors();
    expect((await screen.findByTestId('stat-total-visitors')).textContent).toBe('3');
    expect(screen.getByTestId('stat-avg-session').textContent).toBe('2m 5s');
    expect(screen.getByTestId('stat-bounce-rate').textContent).toBe('33.3%');
    expect(screen.getAllByTestId('top-pages-row').map((row) => row.textContent)).toEqual(['/5', '/dashboard2']);
    const variables = calls.find((call) => call.operation === 'VisitorAnalytics')?.variables as { startDate: string; endDate: string };
    const days = (Date.parse(variables.endDate) - Date.parse(variables.startDate)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    // The country database's licence (CC BY 4.0) asks for its credit beside the figures.
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe('https://db-ip.com');
    expect((screen.getByTestId('analytics-end-date') as HTMLInputElement).value).toBe(variables.endDate);
  });

  it('asks again for a new range, and refuses a range that ends before it starts', async () => {
    signedIn();
    await openVisitors();
    await screen.findByTestId('stat-total-visitors');
    fireEvent.change(screen.getByTestId('analytics-start-date'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(calls.filter((call) => call.operation === 'VisitorAnalytics').at(-1)?.variables).toMatchObject({ startDate: '2026-11-01' }));
    fireEvent.change(screen.getByTestId('analytics-end-date'), { target: { value: '2026-10-01' } });
    expect(await screen.findByTestId('analytics-range-error')).toBeTruthy();
  });

  it("shows the analytics failure in SPEC's words", async () => {
    signedIn({ VisitorAnalytics: refused('boom', 500) });
    await openVisitors();
    expect((await screen.findByTestId('visitor-analytics-error')).textContent).toBe('Failed to fetch visitor analytics');
  });

  it('blocks an IP with a reason and unblocks it, with toasts', async () => {
    signedIn();
    await openVisitors();
    expect((await screen.findAllByTestId('blacklist-row')).map((row) => row.getAttribute('data-ip'))).toEqual(['198.51.100.9']);
    fireEvent.change(screen.getByTestId('block-ip-address'), { target: { value: ' 203.0.113.7 ' } });
    fireEvent.change(screen.getByTestId('block-ip-reason'), { target: { value: 'abuse' } });
    fireEvent.submit(screen.getByTestId('block-ip-form'));
    await waitFor(() => expect(lastToast()?.title).toBe('IP Blocked'));
    expect(calls.find((call) => call.operation === 'BlockIp')?.variables).toEqual({ ipAddress: '203.0.113.7', reason: 'abuse' });
    await waitFor(() => expect(screen.getAllByTestId('blacklist-row').map((row) => row.getAttribute('data-ip'))).toEqual(['203.0.113.7', '198.51.100.9']));
    expect((screen.getByTestId('block-ip-address') as HTMLInputElement).value).toBe('');

    fireEvent.click(within(screen.getAllByTestId('blacklist-row')[0]).getByTestId('unblock-ip'));
    await waitFor(() => expect(lastToast()?.title).toBe('IP Unblocked'));
    await waitFor(() => expect(screen.getAllByTestId('blacklist-row').map((row) => row.getAttribute('data-ip'))).toEqual(['198.51.100.9']));
  });

  it("toasts a refused block in the server's words, else SPEC's", async () => {
    signedIn({ BlockIp: refused('Enter a valid IPv4 or IPv6 address', 400), UnblockIp: () => ({ unblockIp: { success: false, message: '' } }) });
    await openVisitors();
    await screen.findAllByTestId('blacklist-row');
    fireEvent.change(screen.getByTestId('block-ip-address'), { target: { value: 'not-an-ip' } });
    fireEvent.submit(screen.getByTestId('block-ip-form'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Enter a valid IPv4 or IPv6 address', variant: 'destructive' }));
    // The address stays for correcting.
    expect((screen.getByTestId('block-ip-address') as HTMLInputElement).value).toBe('not-an-ip');
    fireEvent.click(within(screen.getAllByTestId('blacklist-row')[0]).getByTestId('unblock-ip'));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Failed to unblock IP', variant: 'destructive' }));
  });
});

describe('admin activity', () => {
  it("lists the admin's actions in words and reads them again after a change", async () => {
    signedIn();
    renderConsole();
    const first = await screen.findByTestId('audit-entry');
    expect(first.getAttribute('data-action')).toBe('admin.login');
    expect(first.textContent).toContain('Signed in');
    expect(calls.find((call) => call.operation === 'AuditLog')?.variables).toEqual({ limit: 10 });
    fireEvent.click(screen.getByRole('tab', { name: 'Visitor Analytics' }));
    fireEvent.change(await screen.findByTestId('block-ip-address'), { target: { value: '203.0.113.7' } });
    fireEvent.submit(screen.getByTestId('block-ip-form'));
    await waitFor(() => expect(lastToast()?.title).toBe('IP Blocked'));
    fireEvent.click(screen.getByRole('tab', { name: 'Usage Metrics' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry').map((row) => row.getAttribute('data-action'))).toEqual(['ip.block', 'admin.login']));
    expect(screen.getAllByTestId('audit-entry')[0].textContent).toContain('Blocked an IP');
  });
});

describe('refresh', () => {
  it('reads everything on screen again when asked, and only then', async () => {
    signedIn();
    renderConsole();
    await screen.findAllByTestId('user-row');
    await screen.findByTestId('document-row');
    const count = (name: string) => operations().filter((operation) => operation === name).length;
    expect([count('AdminStats'), count('AdminUsers'), count('AdminDocuments')]).toEqual([1, 1, 1]);
    handlers.AdminUsers = () => ({ users: [...USERS, { ...USERS[0], id: 'u3', email: 'new@example.com' }] });
    fireEvent.click(screen.getByTestId('admin-refresh'));
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect([count('AdminStats'), count('AdminUsers'), count('AdminDocuments'), count('AdminSession')]).toEqual([2, 2, 2, 1]);
  });
});

describe('leaving', () => {
  it('logs out to the login form with a toast, forgetting what it read', async () => {
    signedIn({ AdminLogout: () => ({ adminLogout: { success: true, message: 'Logged out' } }) });
    const { queryClient } = renderConsole();
    await screen.findAllByTestId('user-row');
    fireEvent.click(screen.getByTestId('admin-logout'));
    expect(await screen.findByTestId('admin-login')).toBeTruthy();
    expect(lastToast()?.title).toBe('Logged out');
    expect(queryClient.getQueryData(['admin', 'users'])).toBeUndefined();
  });

  it('returns to the login form when the server no longer knows the admin', async () => {
    signedIn({ AdminStats: refused('Admin access required', 401) });
    renderConsole();
    expect(await screen.findByTestId('admin-login')).toBeTruthy();
  });

  it('returns to the login form when a change is refused because the session ended', async () => {
    signedIn({ DeleteUser: refused('Admin access required', 401) });
    renderConsole();
    fireEvent.click(within((await screen.findAllByTestId('user-row'))[0]).getByTestId('delete-user'));
    fireEvent.click(await screen.findByTestId('confirm-delete-user'));
    expect(await screen.findByTestId('admin-login')).toBeTruthy();
  });
});

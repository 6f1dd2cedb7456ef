/**
 * The menu's count of new items at the desk (`GET /inbox/summary`, both kinds): beside the desk's
 * two entries, read as words, refreshed every minute, and shown only to those who read enquiries.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { INBOX_SUMMARY_MS } from '@/config/constants';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const summaryReads = (requests: Recorded[]) => requests.filter((r) => r.path === '/inbox/summary').length;

function api(summary: () => object, role: 'owner' | 'enquiries' | 'editor' = 'owner') {
  return mockApi({
    'GET /account': () => accountAnswer(role),
    'GET /inbox/summary': () => [200, summary()],
    'GET /subscription': () => [200, list([])],
    'GET /publish/status': () => [200, { responseBody: { pendingJobs: 0, latestJobId: 1, lastDoneJobId: 1, lastBuildAt: null, lastError: null, failedJobs: [] } }],
    'GET /notifications/status': () => [200, { responseBody: { pending: 0, lastError: null, failed: [] } }],
  });
}

const desk = () => screen.getByRole('list', { name: /^Enquiry desk/ });

describe('the menu’s count of new enquiries', () => {
  afterEach(() => vi.useRealTimers());

  it('groups the desk’s entries under the count, read as words', async () => {
    api(() => ({ new: 3, waitingOver24h: 0 }), 'enquiries');
    renderApp(null, { url: '/account' });
    expect(await screen.findByText('3 new')).toHaveClass('visually-hidden');
    expect(within(desk()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Contact Us Dashboard', 'Airport requests']);
    expect(screen.getByRole('link', { name: 'Airport requests' })).toHaveAttribute('href', '/airportrequests');
  });

  it('says how many have waited over a day', async () => {
    api(() => ({ new: 5, waitingOver24h: 2 }));
    renderApp(null, { url: '/account' });
    expect(await screen.findByText('5 new, 2 waiting over 24 hours')).toBeInTheDocument();
    expect(screen.getByTestId('inbox-count')).toHaveClass('nav-count--waiting');
  });

  it('shows nothing when nothing is new', async () => {
    const { requests } = api(() => ({ new: 0, waitingOver24h: 0 }));
    renderApp(null, { url: '/account' });
    await waitFor(() => expect(summaryReads(requests)).toBe(1));
    await screen.findByRole('list', { name: /^Enquiry desk/ });
    expect(screen.queryByTestId('inbox-count')).toBeNull();
  });

  it('reads the count again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 1;
    const { requests } = api(() => ({ new: count, waitingOver24h: 0 }));
    renderApp(null, { url: '/account' });
    expect(await screen.findByText('1 new')).toBeInTheDocument();
    const reads = summaryReads(requests);
    count = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(INBOX_SUMMARY_MS);
    });
    await waitFor(() => expect(summaryReads(requests)).toBeGreaterThan(reads));
    expect(await screen.findByText('4 new')).toBeInTheDocument();
  });

  it('is not read by a role without the desk', async () => {
    const { requests } = api(() => ({ new: 3, waitingOver24h: 0 }), 'editor');
    renderApp(null, { url: '/account' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('list', { name: /^Enquiry desk/ })).toBeNull();
    expect(summaryReads(requests)).toBe(0);
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    api(() => ({ new: 3, waitingOver24h: 1 }));
    renderApp(null, { url: '/account' });
    expect(await screen.findByText('3 جديدة، منها 1 بانتظار الرد منذ أكثر من 24 ساعة')).toBeInTheDocument();
  });
});

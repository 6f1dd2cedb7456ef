/** Publish jobs set aside: the top bar's alert, its list in both languages, and Retry. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { PUBLISH_WATCH_MS } from '@/config/constants';
import { i18n } from '@/lib/i18n';
import type { FailedPublishJob, PublishStatus } from '@/lib/publish-status';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const blogJob: FailedPublishJob = {
  id: 7,
  resource: 'blog',
  resourceId: 3,
  action: 'upsert',
  attempts: 5,
  lastError: 'Failed to write blogs/3/index.html: injected failure',
  failedAt: '2026-11-21T10:02:00Z',
};
const bannerJob: FailedPublishJob = {
  id: 5,
  resource: 'banner',
  resourceId: 2,
  action: 'delete',
  attempts: 5,
  lastError: null,
  failedAt: '2026-11-20T21:30:00Z',
};

const status = (failedJobs: FailedPublishJob[]): { responseBody: PublishStatus } => ({
  responseBody: { pendingJobs: 0, latestJobId: 12, lastDoneJobId: 11, lastBuildAt: '2026-11-21T10:00:00Z', lastError: null, failedJobs },
});

const statusReads = (requests: Recorded[]) => requests.filter((r) => r.method === 'GET' && r.path === '/publish/status').length;

/** The admin on an empty dashboard, with the publishing status the API answers. */
function renderShell(failedJobs: () => FailedPublishJob[], routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /subscription': () => [200, list([])],
    'GET /publish/status': () => [200, status(failedJobs())],
    ...routes,
  });
  return { ...api, ...renderApp(null, { url: '/subscription' }) };
}

describe('failed publish jobs', () => {
  it('shows no alert while no job has been set aside', async () => {
    const { queryClient } = renderShell(() => []);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['publish-status'])?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: /could not be published/ })).not.toBeInTheDocument();
  });

  it('shows an alert that opens the list: each item in words, its error and when it failed', async () => {
    const { user } = renderShell(() => [blogJob, bannerJob]);
    const alert = await screen.findByRole('button', { name: '2 items could not be published' });
    expect(alert.closest('[role="status"]')).not.toBeNull();
    expect(alert).toHaveAttribute('aria-expanded', 'false');

    await user.click(alert);
    const dialog = screen.getByRole('dialog', { name: 'Not published' });
    const [blog, banner] = within(dialog).getAllByRole('listitem');
    expect(within(blog).getByText('Blog #3')).toBeInTheDocument();
    expect(within(blog).getByText('Failed to write blogs/3/index.html: injected failure')).toBeInTheDocument();
    expect(within(blog).getByText('Failed on 21-11-2026 14:02 · attempts: 5')).toBeInTheDocument();
    expect(within(blog).getByRole('button', { name: 'Retry Blog #3' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Banner #2 · Removal from the website');
    expect(within(banner).getByText('No error was recorded.')).toBeInTheDocument();
    expect(within(banner).getByText('Failed on 21-11-2026 01:30 · attempts: 5')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(alert).toHaveFocus();
  });

  it('names the items in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderShell(() => [blogJob, { ...bannerJob, resource: 'site', resourceId: 0, action: 'upsert' }]);
    await user.click(await screen.findByRole('button', { name: 'عناصر تعذّر نشرها: 2' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const dialog = screen.getByRole('dialog', { name: 'لم يُنشر' });
    const [blog, site] = within(dialog).getAllByRole('listitem');
    expect(within(blog).getByText('مدونة رقم 3')).toBeInTheDocument();
    expect(within(blog).getByText('تعذّر في 21-11-2026 14:02 · عدد المحاولات: 5')).toBeInTheDocument();
    expect(within(blog).getByText(blogJob.lastError!)).toHaveAttribute('dir', 'ltr');
    expect(within(blog).getByRole('button', { name: 'إعادة محاولة مدونة رقم 3' })).toHaveTextContent('إعادة المحاولة');
    expect(within(site).getByText('الموقع بالكامل')).toBeInTheDocument();
  });

  it('Retry posts to /publish/jobs/{id}/retry, shows the server\'s message and reads the status again', async () => {
    let failed = [blogJob, bannerJob];
    const { requests, user } = renderShell(() => failed, {
      'POST /publish/jobs/7/retry': () => {
        failed = failed.filter((job) => job.id !== 7);
        return [200, { message: 'Publishing will be tried again' }];
      },
    });
    await user.click(await screen.findByRole('button', { name: '2 items could not be published' }));
    const readsBefore = statusReads(requests);

    await user.click(screen.getByRole('button', { name: 'Retry Blog #3' }));
    expect(await toastTitle('Publishing will be tried again')).toBeInTheDocument();
    const retry = requests.find((r) => r.path === '/publish/jobs/7/retry');
    expect(retry).toMatchObject({ method: 'POST', body: {} });
    expect(retry?.headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(screen.queryByText('Blog #3')).not.toBeInTheDocument());
    expect(statusReads(requests)).toBeGreaterThan(readsBefore);
    expect(screen.getByText('Banner #2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'One item could not be published' })).toBeInTheDocument();
  });

  it('a job no longer set aside: the server\'s 404 message, and the list is read again', async () => {
    let failed = [blogJob];
    const { user } = renderShell(() => failed, {
      'POST /publish/jobs/7/retry': () => {
        failed = [];
        return [404, { message: 'No failed publish job with this id', errors: {} }];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'One item could not be published' }));
    await user.click(screen.getByRole('button', { name: 'Retry Blog #3' }));
    expect(await toastTitle('No failed publish job with this id')).toBeInTheDocument();
    expect(await screen.findByText('Every change has reached the website.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /could not be published/ })).not.toBeInTheDocument();
  });

  it('keeps watching: a job set aside later shows at the next look', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let failed: FailedPublishJob[] = [];
      const { requests } = renderShell(() => failed);
      await waitFor(() => expect(statusReads(requests)).toBe(1));
      failed = [blogJob];
      await act(() => vi.advanceTimersByTimeAsync(PUBLISH_WATCH_MS));
      expect(await screen.findByRole('button', { name: 'One item could not be published' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('purges the CDN has not confirmed', () => {
  it('says how many pages the CDN has not confirmed, in both languages, and nothing when it has', async () => {
    let failedPurges = 3;
    const { queryClient } = renderShell(() => [], {
      'GET /publish/status': () => [
        200,
        { responseBody: { ...status([]).responseBody, pendingPurges: 5, failedPurges, lastPurgeError: 'Varnish answered 503' } },
      ],
    });
    const warning = await screen.findByTestId('edge-purge-warning');
    expect(warning).toHaveTextContent('The CDN has not confirmed 3 updated pages yet (retrying)');
    expect(warning).toHaveAttribute('title', 'Varnish answered 503');
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findByTestId('edge-purge-warning')).toHaveTextContent('صفحات محدّثة لم تؤكدها شبكة التوزيع بعد (تُعاد المحاولة): 3');
    await act(() => i18n.changeLanguage('en'));
    failedPurges = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: ['publish-status'] }));
    await waitFor(() => expect(screen.queryByTestId('edge-purge-warning')).not.toBeInTheDocument());
  });
});

/** Notifications of new enquiries not sent: the top bar's alert, its panel in both languages, the waiting state. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { NOTIFICATIONS_WATCH_MS } from '@/config/constants';
import { i18n } from '@/lib/i18n';
import type { FailedNotification, NotificationStatus } from '@/lib/notification-status';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const staffEmail: FailedNotification = {
  id: 4,
  kind: 'staff_email',
  enquiryId: 17,
  attempts: 12,
  lastError: 'Connection refused (os error 111)',
  failedAt: '2026-11-21T10:02:00Z',
};
const acknowledgement: FailedNotification = { ...staffEmail, id: 5, kind: 'visitor_email', lastError: null, failedAt: '2026-11-20T21:30:00Z' };
const webhook: FailedNotification = {
  ...staffEmail,
  id: 6,
  kind: 'webhook',
  enquiryId: 18,
  enquiryKind: 'airport_request',
  attempts: 8,
  lastError: 'HTTP 502 from https://crm.example/hooks',
};

const allWell: NotificationStatus = { pending: 0, lastError: null, failed: [] };

const statusReads = (requests: Recorded[]) => requests.filter((r) => r.method === 'GET' && r.path === '/notifications/status').length;

/** The admin on an empty dashboard, with the notifications status the API answers. */
function renderShell(status: () => NotificationStatus) {
  const api = mockApi({
    'GET /subscription': () => [200, list([])],
    'GET /publish/status': () => [200, { responseBody: { pendingJobs: 0, latestJobId: 1, lastDoneJobId: 1, lastBuildAt: null, lastError: null, failedJobs: [] } }],
    'GET /notifications/status': () => [200, { responseBody: status() }],
  });
  return { ...api, ...renderApp(null, { url: '/subscription' }) };
}

describe('failed notifications', () => {
  it.each([
    ['nothing waits and nothing was set aside', allWell],
    ['messages wait for their first attempt, with no error', { pending: 2, lastError: null, failed: [] }],
  ])('shows no alert when %s', async (_, status) => {
    const { queryClient, requests } = renderShell(() => status);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['notification-status'])?.status).toBe('success'));
    expect(requests.find((r) => r.path === '/notifications/status')?.headers.get('authorization')).toBe('Bearer test-token');
    expect(screen.queryByRole('button', { name: /notification/i })).not.toBeInTheDocument();
  });

  it('shows an alert that opens the list: each message in words, its error, when it was set aside and its enquiry', async () => {
    const { user, router } = renderShell(() => ({ pending: 0, lastError: null, failed: [staffEmail, acknowledgement, webhook] }));
    const alert = await screen.findByRole('button', { name: '3 notifications could not be sent' });
    expect(alert.closest('[role="status"]')).not.toBeNull();
    expect(alert).toHaveAttribute('aria-expanded', 'false');

    await user.click(alert);
    const dialog = screen.getByRole('dialog', { name: 'Notifications of new enquiries' });
    expect(within(dialog).queryByRole('button', { name: /retry/i })).not.toBeInTheDocument();
    const [staff, visitor, hook] = within(dialog).getAllByRole('listitem');
    expect(within(staff).getByText('Email to the staff about enquiry #17')).toBeInTheDocument();
    expect(within(staff).getByText('Connection refused (os error 111)')).toHaveAttribute('dir', 'ltr');
    expect(within(staff).getByText('Set aside on 21-11-2026 14:02 · attempts: 12')).toBeInTheDocument();
    expect(within(staff).getByRole('link', { name: 'Open enquiry #17' })).toHaveAttribute('href', '/addcontactus/17');
    expect(within(hook).getByRole('link', { name: 'Open enquiry #18' })).toHaveAttribute('href', '/airportrequests/18');
    expect(within(visitor).getByText('Acknowledgement to the visitor of enquiry #17')).toBeInTheDocument();
    expect(within(visitor).getByText('No error was recorded.')).toBeInTheDocument();
    expect(within(visitor).getByText('Set aside on 21-11-2026 01:30 · attempts: 12')).toBeInTheDocument();
    expect(within(hook).getByText('Webhook for enquiry #18')).toBeInTheDocument();
    expect(within(hook).getByRole('link', { name: 'Open enquiry #18' })).toHaveTextContent('Open enquiry');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(alert).toHaveFocus();

    await user.click(alert);
    // The staff email and the acknowledgement of one enquiry lead to the same page.
    const [first] = within(screen.getByRole('dialog')).getAllByRole('link', { name: 'Open enquiry #17' });
    await user.click(first);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/addcontactus/17'));
  });

  it('names the messages in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderShell(() => ({ pending: 0, lastError: null, failed: [staffEmail, acknowledgement, webhook] }));
    await user.click(await screen.findByRole('button', { name: 'إشعارات تعذّر إرسالها: 3' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const dialog = screen.getByRole('dialog', { name: 'إشعارات الرسائل الجديدة' });
    const [staff, visitor, hook] = within(dialog).getAllByRole('listitem');
    expect(within(staff).getByText('بريد إلى الفريق عن الرسالة رقم 17')).toBeInTheDocument();
    expect(within(staff).getByText('أُوقف في 21-11-2026 14:02 · عدد المحاولات: 12')).toBeInTheDocument();
    expect(within(staff).getByText(staffEmail.lastError!)).toHaveAttribute('lang', 'en');
    expect(within(staff).getByRole('link', { name: 'فتح الرسالة رقم 17' })).toHaveTextContent('فتح الرسالة');
    expect(within(visitor).getByText('إشعار استلام إلى مرسل الرسالة رقم 17')).toBeInTheDocument();
    expect(within(visitor).getByText('لم يُسجَّل أي خطأ.')).toBeInTheDocument();
    expect(within(hook).getByText('إشعار Webhook للرسالة رقم 18')).toBeInTheDocument();
  });

  it('one message set aside is said in the singular', async () => {
    renderShell(() => ({ pending: 0, lastError: null, failed: [webhook] }));
    expect(await screen.findByRole('button', { name: 'One notification could not be sent' })).toBeInTheDocument();
  });

  it('messages waiting after a failed send: the alert says so and the panel shows the last error', async () => {
    const { user } = renderShell(() => ({ pending: 3, lastError: 'Connection refused (os error 111)', failed: [] }));
    const alert = await screen.findByRole('button', { name: 'Notifications are waiting: the receiving server does not answer' });
    await user.click(alert);
    const dialog = screen.getByRole('dialog', { name: 'Notifications of new enquiries' });
    expect(within(dialog).getByText('3 notifications are waiting for another attempt. The last error:')).toBeInTheDocument();
    expect(within(dialog).getByText('Connection refused (os error 111)')).toHaveAttribute('dir', 'ltr');
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
  });

  it('waiting in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderShell(() => ({ pending: 1, lastError: 'Connection refused (os error 111)', failed: [] }));
    await user.click(await screen.findByRole('button', { name: 'إشعارات بانتظار الإرسال: الخادم المستقبل لا يستجيب' }));
    const dialog = screen.getByRole('dialog', { name: 'إشعارات الرسائل الجديدة' });
    expect(within(dialog).getByText('إشعار واحد بانتظار محاولة أخرى. آخر خطأ:')).toBeInTheDocument();
    expect(within(dialog).getByText('Connection refused (os error 111)')).toHaveAttribute('dir', 'ltr');
  });

  it('messages set aside while others wait: the count leads, and the panel holds both', async () => {
    const { user } = renderShell(() => ({ pending: 2, lastError: 'Connection refused (os error 111)', failed: [webhook] }));
    await user.click(await screen.findByRole('button', { name: 'One notification could not be sent' }));
    const dialog = screen.getByRole('dialog', { name: 'Notifications of new enquiries' });
    expect(within(dialog).getByText('2 notifications are waiting for another attempt. The last error:')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list')).getByText('Webhook for enquiry #18')).toBeInTheDocument();
  });

  it('keeps watching every 20 seconds: a failure later shows at the next look, and leaves when resolved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status = allWell;
      const { requests } = renderShell(() => status);
      await waitFor(() => expect(statusReads(requests)).toBe(1));
      expect(NOTIFICATIONS_WATCH_MS).toBe(20_000);

      status = { pending: 1, lastError: null, failed: [staffEmail] };
      await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_WATCH_MS));
      expect(await screen.findByRole('button', { name: 'One notification could not be sent' })).toBeInTheDocument();

      status = allWell;
      await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_WATCH_MS));
      await waitFor(() => expect(screen.queryByRole('button', { name: /notification/i })).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});

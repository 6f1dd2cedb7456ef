/**
 * The contact enquiries at the desk (issue 44): the day and time each came in, tap-to-call and
 * WhatsApp, the status changed from the row against the row's version (a 409 is told), who has
 * it, the filter and search in the address, the export, and the trash with Bring back (owners).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { enquiryRecord } from '@/testing/records';
import type { ContactEnquiry } from '../types';

const NOW = new Date('2026-11-21T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

const enquiry = (id: number, overrides: Partial<ContactEnquiry>) => enquiryRecord({ id, created_date: hoursAgo(1), ...overrides });

const inbox = [
  enquiry(1, { first_name: 'Layla', status: 'new', lang: 'ar', created_date: '2026-11-20T08:05:00Z', phone: '+966501234567', subject: 'طلب استقبال في المطار' }),
  enquiry(2, { first_name: 'Omar', status: 'new', created_date: hoursAgo(2), phone: '0501234567', assignee: 'sara' }),
  enquiry(3, { first_name: 'Sara', status: 'in_progress', created_date: hoursAgo(72) }),
];

const params = (request: Recorded) => new URLSearchParams(request.search);
const listRequests = (requests: Recorded[]) => requests.filter((r) => r.method === 'GET' && r.path === '/contact-us');
const rowOf = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name} `) }).closest('tr')!;
const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

/** The download hands the file over through an object URL: stand-ins for the length of a test. */
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

describe('contact enquiries at the desk', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(URL, objectUrls);
  });

  it('shows when each came in (day and time in the viewer’s zone), the client, and how to reach them', async () => {
    mockApi({ 'GET /contact-us': () => [200, list(inbox)] });
    renderApp(null, { url: '/contactusdashboard' });
    await screen.findByRole('link', { name: 'Layla Haddad' });

    // 08:05 UTC is 12:05 in Dubai (the suite runs with TZ=Asia/Dubai).
    const layla = rowOf('Layla');
    expect(within(layla).getByText('20-11-2026')).toBeInTheDocument();
    expect(within(layla).getByText('12:05')).toBeInTheDocument();
    expect(within(layla).getByRole('link', { name: 'Call +966501234567' })).toHaveAttribute('href', 'tel:+966501234567');
    expect(within(layla).getByRole('link', { name: 'WhatsApp +966501234567' })).toHaveAttribute('href', 'https://wa.me/966501234567');
    expect(within(layla).getByText('طلب استقبال في المطار')).toHaveAttribute('dir', 'auto');
    expect(within(layla).getByText('Unassigned')).toBeInTheDocument();

    // A local number says no country: tap to call only.
    const omar = rowOf('Omar');
    expect(within(omar).getByRole('link', { name: 'Call 0501234567' })).toHaveAttribute('href', 'tel:0501234567');
    expect(within(omar).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(within(omar).getByText('sara')).toBeInTheDocument();

    // The name opens the enquiry; an enquiry taken by phone is filed from the list.
    expect(screen.getByRole('link', { name: 'Sara Haddad' })).toHaveAttribute('href', '/addcontactus/3');
    expect(screen.getByRole('link', { name: 'Add contact' })).toHaveAttribute('href', '/addcontactus');
  });

  it('marks enquiries still New after 24 hours, and only those', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    mockApi({ 'GET /contact-us': () => [200, list(inbox)] });
    renderApp(null, { url: '/contactusdashboard' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    expect(within(rowOf('Layla')).getByText('Waiting over 24 hours')).toBeInTheDocument();
    expect(within(rowOf('Omar')).queryByText('Waiting over 24 hours'), 'new, but only 2 hours old').toBeNull();
    expect(within(rowOf('Sara')).queryByText('Waiting over 24 hours'), 'old, but no longer new').toBeNull();
  });

  it('changes the status from the row, against the version the row was read at', async () => {
    let omar = inbox[1];
    const { requests } = mockApi({
      'GET /contact-us': () => [200, list([inbox[0], omar, inbox[2]])],
      'PUT /contact-us/2': (r) => {
        omar = { ...omar, ...(r.body as object), version: 4 };
        return [200, { responseBody: [omar], message: 'contact updated successfully' }];
      },
    });
    const { user } = renderApp(null, { url: '/contactusdashboard' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Omar Haddad' }), 'Replied');

    expect(await toastTitle('contact updated successfully')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.body, 'the desk sends its own fields only').toEqual({ status: 'replied' });
    expect(put.headers.get('if-match')).toBe('"3"');
    expect(screen.getByRole('combobox', { name: 'Status of Omar Haddad' })).toHaveDisplayValue('Replied');
    // The menu's count is read again after the change.
    await waitFor(() => expect(requests.filter((r) => r.path === '/inbox/summary').length).toBeGreaterThan(1));
  });

  it('tells a status change refused because someone changed the enquiry first, and shows it as it is now', async () => {
    let current = inbox[1];
    mockApi({
      'GET /contact-us': () => [200, list([inbox[0], current, inbox[2]])],
      'PUT /contact-us/2': () => {
        current = { ...inbox[1], status: 'closed', assignee: 'sara', version: 5 };
        return [
          409,
          {
            message: 'Someone else changed this since you opened it.',
            errors: {},
            conflict: { version: 5, by: 'sara', at: '2026-11-21T10:02:00Z', fields: ['status'], current },
          },
        ];
      },
    });
    const { user } = renderApp(null, { url: '/contactusdashboard' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of Omar Haddad' }), 'Replied');

    expect(await toastTitle('Someone else changed this since you opened it.')).toBeInTheDocument();
    expect(
      screen.getByText('sara changed it at 21-11-2026 14:02. It is now Closed, assigned to sara. Your change was not saved: make it again if it still applies.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of Omar Haddad' })).toHaveDisplayValue('Closed'));
  });

  it('filters by status and searches through the address, back to page 1', async () => {
    const { requests } = mockApi({ 'GET /contact-us': () => [200, list(inbox, 12)] });
    const { user, router } = renderApp(null, { url: '/contactusdashboard?page=2' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    expect(params(listRequests(requests)[0]).get('page')).toBe('2');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In progress');
    await waitFor(() => expect(params(listRequests(requests).at(-1)!).get('status')).toBe('in_progress'));
    expect(params(listRequests(requests).at(-1)!).get('page')).toBe('1');
    expect(router.state.location.search).toBe('?status=in_progress');

    const typist = userEvent.setup({ delay: null });
    await typist.type(screen.getByRole('searchbox', { name: 'Search' }), ' Amira ');
    await waitFor(() => expect(params(listRequests(requests).at(-1)!).get('q')).toBe('Amira'));
    expect(params(listRequests(requests).at(-1)!).get('status')).toBe('in_progress');
    expect(params(listRequests(requests).at(-1)!).has('deleted')).toBe(false);
  });

  it('carries the filter into an enquiry, so Back returns to it', async () => {
    mockApi({ 'GET /contact-us': () => [200, list([inbox[2]])] });
    const { user, router } = renderApp(null, { url: '/contactusdashboard?status=in_progress&q=sara' });
    await user.click(await screen.findByRole('link', { name: 'Sara Haddad' }));
    expect(router.state.location.pathname).toBe('/addcontactus/3');
    expect(router.state.location.search).toBe('?status=in_progress&q=sara');
  });

  it('exports what the list shows: the same status and search', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const { requests } = mockApi({
      'GET /contact-us': () => [200, list([inbox[0]])],
      'GET /contact-us/export': () => [200, {}],
    });
    const { user } = renderApp(null, { url: '/contactusdashboard?status=spam&q=layla' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));

    expect(await toastTitle('Excel downloaded successfully!')).toBeInTheDocument();
    const exported = params(requests.find((r) => r.path === '/contact-us/export')!);
    expect([exported.get('status'), exported.get('q'), exported.has('tz_offset')]).toEqual(['spam', 'layla', true]);
  });

  // Issue 53: the server writes the export's words in the request's language and its dates in the
  // offset sent; the admin shows dates in the viewer's zone (the tests run in Asia/Dubai, UTC+4).
  it.each([
    ['en', 'contact enquiries', '/contactusdashboard', '/contact-us', 'Download Excel'],
    ['ar', 'contact enquiries', '/contactusdashboard', '/contact-us', 'تنزيل ملف Excel'],
    ['en', 'airport requests', '/airportrequests', '/airport-requests', 'Download Excel'],
    ['ar', 'airport requests', '/airportrequests', '/airport-requests', 'تنزيل ملف Excel'],
  ])('in %s, asks for the %s export in the admin’s language and the offset of the zone it shows dates in', async (lang, _what, url, api, download) => {
    await i18n.changeLanguage(lang);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { requests } = mockApi({ [`GET ${api}`]: () => [200, list([])], [`GET ${api}/export`]: () => [200, {}] });
    const { user } = renderApp(null, { url });
    await user.click(await screen.findByRole('button', { name: download }));

    await waitFor(() => expect(requests.some((r) => r.path === `${api}/export`)).toBe(true));
    const exported = requests.find((r) => r.path === `${api}/export`)!;
    expect(exported.headers.get('accept-language')).toBe(lang);
    expect(params(exported).get('tz_offset')).toBe(String(-new Date().getTimezoneOffset()));
    expect(params(exported).get('tz_offset')).toBe('240');
  });

  it('gives owners the trash: what was deleted, and Bring back', async () => {
    const deleted = enquiry(7, { first_name: 'Huda', deleted_at: '2026-11-21T09:00:00Z' });
    const { requests } = mockApi({
      'GET /contact-us': (r) => [200, list(params(r).get('deleted') === 'true' ? [deleted] : inbox)],
      'POST /contact-us/7/undelete': () => [200, { responseBody: [{ ...deleted, deleted_at: null }], message: 'Contact restored' }],
    });
    const { user, router } = renderApp(null, { url: '/contactusdashboard' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    await user.click(screen.getByRole('button', { name: 'Deleted' }));

    await waitFor(() => expect(router.state.location.search).toBe('?deleted=true'));
    expect(await screen.findByText('Huda Haddad')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deleted' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Download Excel' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Status of/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Bring back Huda Haddad' }));

    expect(await toastTitle('Contact restored')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/contact-us/7/undelete')).toBe(true);
  });

  it('gives the desk no trash, and a reader without enquiries.edit the status in words only', async () => {
    mockApi({
      'GET /account': () => accountAnswer('enquiries', 'noor', ['enquiries.read']),
      'GET /contact-us': () => [200, list(inbox)],
    });
    renderApp(null, { url: '/contactusdashboard?deleted=true' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    expect(screen.queryByRole('button', { name: 'Deleted' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Status of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add contact' })).toBeNull();
    expect(within(rowOf('Sara')).getByText('In progress', { selector: '.status-badge' })).toBeInTheDocument();
  });

  it('speaks Arabic: statuses, the 24-hour marker, the words of the list', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /contact-us': () => [200, list(inbox)] });
    renderApp(null, { url: '/contactusdashboard' });
    await screen.findByRole('link', { name: 'Layla Haddad' });
    expect(screen.getByRole('combobox', { name: 'حالة Layla Haddad' })).toHaveDisplayValue('جديدة');
    expect(screen.getByRole('combobox', { name: 'حالة Sara Haddad' })).toHaveDisplayValue('قيد المعالجة');
    expect(within(rowOf('Layla')).getByText('بانتظار الرد منذ أكثر من 24 ساعة')).toBeInTheDocument();
    expect(within(rowOf('Layla')).getByText('غير مُسنَد')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'تاريخ الوصول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

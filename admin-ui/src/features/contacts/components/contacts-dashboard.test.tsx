/** The Contact Us Dashboard as an inbox (issue 15): status, page language, filter, search, export. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Contact } from '../types';

const NOW = new Date('2026-11-21T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

const enquiry = (id: number, overrides: Partial<Contact>): Contact => ({
  id,
  first_name: 'Amira',
  last_name: 'Haddad',
  email: 'amira@example.com',
  phone: '971501234567',
  subject: 'Airport transfer',
  message: 'Hello',
  status: 'new',
  lang: 'en',
  notes: '',
  created_date: hoursAgo(1),
  ...overrides,
});

const inbox = [
  enquiry(1, { first_name: 'Layla', status: 'new', lang: 'ar', created_date: hoursAgo(25) }),
  enquiry(2, { first_name: 'Omar', status: 'new', created_date: hoursAgo(2) }),
  enquiry(3, { first_name: 'Sara', status: 'in_progress', created_date: hoursAgo(72) }),
];

const params = (request: Recorded) => new URLSearchParams(request.search);
const listRequests = (requests: Recorded[]) => requests.filter((r) => r.method === 'GET' && r.path === '/contact-us');
const rowOf = (name: string) => screen.getByText(new RegExp(`^${name} `), { selector: '.cell-title' }).closest('tr')!;

/** The download hands the file over through an object URL: stand-ins for the length of a test. */
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
function stubObjectUrls() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
}

describe('contact us dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(URL, objectUrls);
  });

  it('filters by status through the address and goes back to page 1', async () => {
    const { requests } = mockApi({ 'GET /contact-us': () => [200, list(inbox, 12)] });
    const { user, router } = renderApp(null, { url: '/contactusdashboard?page=2' });
    await screen.findByText('Layla Haddad');
    expect(params(listRequests(requests)[0]).get('page')).toBe('2');
    expect(params(listRequests(requests)[0]).has('status')).toBe(false);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In progress');

    await waitFor(() => expect(params(listRequests(requests).at(-1)!).get('status')).toBe('in_progress'));
    expect(params(listRequests(requests).at(-1)!).get('page')).toBe('1');
    expect(router.state.location.search).toBe('?status=in_progress');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(params(listRequests(requests).at(-1)!).has('status')).toBe(false);
  });

  it('searches once typing pauses, beside the status, and keeps both in the address', async () => {
    const { requests } = mockApi({ 'GET /contact-us': () => [200, list(inbox, 12)] });
    const { router } = renderApp(null, { url: '/contactusdashboard?status=new&page=2' });
    await screen.findByText('Layla Haddad');
    const typist = userEvent.setup({ delay: null });

    await typist.type(screen.getByRole('searchbox', { name: 'Search' }), ' Amira ');

    await waitFor(() => expect(params(listRequests(requests).at(-1)!).get('q')).toBe('Amira'));
    const searches = listRequests(requests).filter((r) => params(r).has('q'));
    expect(searches, 'one request for the whole word').toHaveLength(1);
    expect(params(searches[0]).get('status')).toBe('new');
    expect(params(searches[0]).get('page')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Amira');
    expect(new URLSearchParams(router.state.location.search).has('page')).toBe(false);
  });

  it('opens the edit page with the filter, so a save comes back to it', async () => {
    mockApi({ 'GET /contact-us': () => [200, list([inbox[2]])] });
    const { user, router } = renderApp(null, { url: '/contactusdashboard?status=in_progress&q=sara' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Sara Haddad' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/addcontactus/3');
    expect(router.state.location.search).toBe('?status=in_progress&q=sara');
  });

  it('reads the filter from the address on a reload', async () => {
    const { requests } = mockApi({ 'GET /contact-us': () => [200, list([inbox[2]])] });
    renderApp(null, { url: '/contactusdashboard?status=replied&q=sara' });
    await screen.findByText('Sara Haddad');
    const first = params(listRequests(requests)[0]);
    expect([first.get('status'), first.get('q'), first.get('page')]).toEqual(['replied', 'sara', '1']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Replied');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('sara');
  });

  it('shows each status and page language, and marks enquiries still New after 24 hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    mockApi({ 'GET /contact-us': () => [200, list(inbox)] });
    renderApp(null, { url: '/contactusdashboard' });
    await screen.findByText('Layla Haddad');

    expect(within(rowOf('Layla')).getByText('New', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Layla')).getByText('Waiting over 24 hours')).toBeInTheDocument();
    expect(within(rowOf('Layla')).getByText('AR')).toHaveAttribute('title', 'The Arabic page');
    expect(within(rowOf('Omar')).getByText('New', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Omar')).queryByText('Waiting over 24 hours'), 'new, but only 2 hours old').not.toBeInTheDocument();
    expect(within(rowOf('Omar')).getByText('EN')).toBeInTheDocument();
    expect(within(rowOf('Sara')).getByText('In progress', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Sara')).queryByText('Waiting over 24 hours'), 'old, but no longer new').not.toBeInTheDocument();
    expect(screen.getAllByText('Waiting over 24 hours')).toHaveLength(1);
  });

  it('writes the statuses and the 24-hour marker in Arabic', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    await i18n.changeLanguage('ar');
    mockApi({
      'GET /contact-us': () => [
        200,
        list([
          ...inbox,
          enquiry(4, { first_name: 'Huda', status: 'replied' }),
          enquiry(5, { first_name: 'Ali', status: 'closed' }),
          enquiry(6, { first_name: 'Bot', status: 'spam' }),
        ]),
      ],
    });
    renderApp(null, { url: '/contactusdashboard' });
    await screen.findByText('Layla Haddad');

    const badges = [...document.querySelectorAll('.status-badge')].map((badge) => badge.textContent);
    expect(badges).toEqual(['جديدة', 'جديدة', 'قيد المعالجة', 'تم الرد', 'مغلقة', 'غير مرغوب فيها']);
    expect(within(rowOf('Layla')).getByText('بانتظار الرد منذ أكثر من 24 ساعة')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'الحالة' })).toHaveDisplayValue('الكل');
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('exports what the dashboard shows: the same status and search', async () => {
    stubObjectUrls();
    const { requests } = mockApi({
      'GET /contact-us': () => [200, list([inbox[0]])],
      'GET /contact-us/export': () => [200, {}],
    });
    const { user } = renderApp(null, { url: '/contactusdashboard?status=spam&q=layla' });
    await screen.findByText('Layla Haddad');

    await user.click(screen.getByRole('button', { name: 'Download Excel' }));

    expect(await screen.findByText('Excel downloaded successfully!', { selector: '[data-title]' })).toBeInTheDocument();
    const exported = requests.find((r) => r.path === '/contact-us/export')!;
    expect(params(exported).get('status')).toBe('spam');
    expect(params(exported).get('q')).toBe('layla');
    expect(params(exported).has('tz_offset')).toBe(true);
  });

  it('exports everything when no filter is set', async () => {
    stubObjectUrls();
    const { requests } = mockApi({
      'GET /contact-us': () => [200, list(inbox)],
      'GET /contact-us/export': () => [200, {}],
    });
    const { user } = renderApp(null, { url: '/contactusdashboard' });
    await screen.findByText('Layla Haddad');
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/contact-us/export')).toBe(true));
    const exported = params(requests.find((r) => r.path === '/contact-us/export')!);
    expect([exported.has('status'), exported.has('q')]).toEqual([false, false]);
  });
});

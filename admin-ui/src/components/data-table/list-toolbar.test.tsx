/** Every content list's status, filter and search (issue 41): in the address, sent to the server. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

const lifecycle = { status: 'published', publish_at: null, unpublish_at: null, published_at: '2027-03-01T08:00:00Z', hasPendingChanges: false };
const blog = (id: number, name: string, overrides: object = {}) =>
  blogRecord({ id, name, created_at: '2027-03-01T08:00:00Z', updated_at: '2027-03-01T08:00:00Z', version: 2, ...lifecycle, ...overrides });

const blogs = [
  blog(1, 'A draft', { status: 'draft', published_at: null }),
  blog(2, 'Coming soon', { publish_at: '2999-01-01T00:00:00Z' }),
  blog(3, 'Live and edited', { hasPendingChanges: true }),
  blog(4, 'Gone', { unpublish_at: '2000-01-01T00:00:00Z' }),
];

const params = (request: Recorded) => new URLSearchParams(request.search);
const listRequests = (requests: Recorded[], path = '/blog') => requests.filter((r) => r.method === 'GET' && r.path === path);
const last = (requests: Recorded[], path = '/blog') => params(listRequests(requests, path).at(-1)!);
const rowOf = (name: string) => screen.getByText(name, { selector: '.cell-title' }).closest('tr')!;

describe('a content list\'s status and search', () => {
  it('shows each item\'s standing, with Changes pending beside it', async () => {
    mockApi({ 'GET /blog': () => [200, list(blogs)] });
    renderApp(null, { url: '/blogs' });
    await screen.findByText('A draft');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(within(rowOf('A draft')).getByText('Draft', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Coming soon')).getByText('Scheduled', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Live and edited')).getByText('On the site', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Live and edited')).getByText('Changes pending', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(rowOf('Gone')).getByText('Ended', { selector: '.status-badge' })).toBeInTheDocument();
  });

  it('filters by status through the address, back to page 1, and All clears it', async () => {
    const { requests } = mockApi({ 'GET /blog': () => [200, list(blogs, 30)] });
    const { user, router } = renderApp(null, { url: '/blogs?page=3' });
    await screen.findByText('A draft');
    expect(last(requests).get('page')).toBe('3');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All',
      'Draft',
      'Scheduled',
      'On the site',
      'Changes pending',
      'Ended',
    ]);

    await user.selectOptions(status, 'Changes pending');
    await waitFor(() => expect(last(requests).get('status')).toBe('pending'));
    expect(last(requests).get('page')).toBe('1');
    expect(router.state.location.search).toBe('?status=pending');

    await user.selectOptions(status, 'All');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(last(requests).has('status')).toBe(false);
  });

  it('searches once typing pauses (one request), beside the status, and keeps both in the address', async () => {
    const { requests } = mockApi({ 'GET /blog': () => [200, list(blogs, 30)] });
    const { router } = renderApp(null, { url: '/blogs?status=live&page=2' });
    await screen.findByText('A draft');
    const typist = userEvent.setup({ delay: null });

    await typist.type(screen.getByRole('searchbox', { name: 'Search' }), ' London season ');

    await waitFor(() => expect(last(requests).get('q')).toBe('London season'));
    const searches = listRequests(requests).filter((r) => params(r).has('q'));
    expect(searches, 'one request for the whole search').toHaveLength(1);
    expect(params(searches[0]).get('status')).toBe('live');
    expect(params(searches[0]).get('page')).toBe('1');
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('status'), address.get('q'), address.has('page')]).toEqual(['live', 'London season', false]);
  });

  it('reads the filter from the address on a reload, and Back returns to the one before', async () => {
    const { requests } = mockApi({ 'GET /blog': () => [200, list(blogs)] });
    const { user, router } = renderApp(null, { url: '/blogs?status=ended&q=gone' });
    await screen.findByText('Gone');
    expect([last(requests).get('status'), last(requests).get('q'), last(requests).get('page')]).toEqual(['ended', 'gone', '1']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Ended');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('gone');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&q=gone'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Ended'));
    // The list shows the page it had while it asks again: the request may come a moment after.
    await waitFor(() => expect(last(requests).get('status')).toBe('ended'));
  });

  it('says "No data available" and that the filter is why, and clears the filter', async () => {
    const { requests } = mockApi({
      'GET /blog': (request) => [200, params(request).has('q') ? list([]) : list(blogs)],
    });
    const { user, router } = renderApp(null, { url: '/blogs?status=draft&q=nothing' });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.getByText('Nothing here has this status or matches this search.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('A draft')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect([last(requests).has('status'), last(requests).has('q')]).toEqual([false, false]);
  });

  it('keeps "No data available" for a kind with no items at all', async () => {
    mockApi({ 'GET /blog': () => [200, list([])] });
    renderApp(null, { url: '/blogs' });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByText('Nothing here has this status or matches this search.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear the filter' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /blog': (request) => [200, params(request).has('q') ? list([]) : list(blogs)] });
    renderApp(null, { url: '/blogs?q=x' });
    expect(await screen.findByText('لا توجد بيانات')).toBeInTheDocument();
    expect(screen.getByText('لا يوجد هنا عنصر بهذه الحالة أو يطابق هذا البحث.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'امسح التصفية' })).toBeInTheDocument();
    const status = screen.getByRole('combobox', { name: 'الحالة' });
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'الكل',
      'مسودة',
      'مجدول',
      'منشور على الموقع',
      'تغييرات بانتظار النشر',
      'انتهى',
    ]);
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toHaveAttribute('placeholder', 'العنوان أو الاسم');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  // Each content dashboard sends the filter with its own list request.
  it.each([
    ['blogs', '/blogs', '/blog'],
    ['services', '/servicesDashboard', '/our-services/display/display-order'],
    ['service lists', '/serviceslist?service=3', '/list-of-services/display-order/3'],
    ['client reviews', '/clientreviewdashboard', '/client-reviewes'],
    ['banners', '/bannerdashboard', '/flashy-banner'],
    ['general content', '/generalContentDashboard', '/general-content-section'],
  ])('%s: the status and search go with the list request', async (_kind, url, path) => {
    const { requests } = mockApi({
      'GET /our-services/display/display-order': () => [200, list([{ id: 3, name: 'Airport', ...lifecycle }])],
      [`GET ${path}`]: () => [200, list([])],
    });
    renderApp(null, { url: `${url}${url.includes('?') ? '&' : '?'}status=scheduled&q=eid` });
    expect(await screen.findByText('Nothing here has this status or matches this search.')).toBeInTheDocument();
    expect([last(requests, path).get('status'), last(requests, path).get('q')]).toEqual(['scheduled', 'eid']);
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
  });
});

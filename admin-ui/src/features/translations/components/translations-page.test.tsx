/**
 * The translations' worklist (ARCHITECTURE.md, "Review and translation"): items by kind, their
 * fields by label with their state, the filters, "The Arabic is still right", and none of it for
 * a role without `translations` (no menu entry, no request).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { blogKind, destinationKind, kindsAnswer } from '@/testing/kinds';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { ToTranslate } from '../types';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const blog: ToTranslate = {
  kind: 'blog',
  one: { en: 'Blog', ar: 'مقال' },
  id: 12,
  title: 'Arrivals at Riyadh',
  fields: [
    { field: 'name', twin: 'name_ar', label: { en: 'Title', ar: 'العنوان' }, state: 'missing', englishChangedAt: '2026-11-20T10:00:00Z' },
    { field: 'description', twin: 'description_ar', label: { en: 'Description', ar: 'الوصف' }, state: 'outdated', englishChangedAt: '2026-12-04T16:30:00Z' },
  ],
};

const destination: ToTranslate = {
  kind: 'destination',
  one: { en: 'Destination', ar: 'وجهة' },
  id: 7,
  title: null,
  fields: [{ field: 'summary', twin: 'summary_ar', label: { en: 'Summary', ar: 'الملخص' }, state: 'missing', englishChangedAt: null }],
};

/** `GET /translations` over `items`, filtered by `?state=` and `?kind=` as the server does. */
function worklist(items: () => ToTranslate[]) {
  return (request: { search: string }): [number, unknown] => {
    const params = new URLSearchParams(request.search);
    const state = params.get('state');
    const kind = params.get('kind');
    const found = items()
      .filter((item) => !kind || item.kind === kind)
      .map((item) => ({ ...item, fields: item.fields.filter((field) => !state || field.state === state) }))
      .filter((item) => item.fields.length > 0);
    return [200, list(found)];
  };
}

function api(items: () => ToTranslate[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /kinds': () => kindsAnswer(blogKind, destinationKind), 'GET /translations': worklist(items), ...extra });
}

/** The field's line in the item's list of fields. */
const fieldLine = (item: string, label: string) =>
  within(screen.getByRole('list', { name: `Fields of ${item}` })).getByText(label, { selector: '.translations__label' }).closest('li')!;

describe('the translations page', () => {
  it('lists each kind’s items with their fields by label, missing or outdated, and opens an item’s form', async () => {
    api(() => [blog, destination]);
    const { user, router } = renderApp(null, { url: '/translations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Translations' })).toBeInTheDocument();

    const blogs = await screen.findByRole('region', { name: /^Blogs/ });
    expect(within(blogs).getByRole('heading', { level: 3, name: 'Arrivals at Riyadh' })).toBeInTheDocument();
    const title = fieldLine('Arrivals at Riyadh', 'Title');
    expect(within(title).getByText('Missing')).toBeInTheDocument();
    expect(within(title).queryByRole('button')).toBeNull();
    const description = fieldLine('Arrivals at Riyadh', 'Description');
    expect(within(description).getByText('Outdated')).toBeInTheDocument();
    expect(description).toHaveTextContent(/English changed on \d\d-12-2026 \d\d:30/);
    expect(within(description).getByRole('button', { name: 'The Arabic is still right' })).toHaveAccessibleDescription('Description');

    // A kind known from `GET /kinds` alone, and an item without a title, named by its kind and number.
    const destinations = screen.getByRole('region', { name: /^Destinations/ });
    expect(within(destinations).getByRole('link', { name: 'Destination #7' })).toHaveAttribute('href', '/content/destination/7');
    expect(within(fieldLine('Destination #7', 'Summary')).getByText('Missing')).toBeInTheDocument();

    await user.click(within(blogs).getByRole('link', { name: 'Arrivals at Riyadh' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/addblog/12'));
    expect(router.state.location.state).toEqual({ languageTab: 'ar' });
  });

  it('filters by state and by kind, in the address and in the request', async () => {
    const { requests } = api(() => [blog, destination]);
    const { user, router } = renderApp(null, { url: '/translations' });
    await screen.findByRole('region', { name: /^Destinations/ });
    const asked = () => requests.filter((r) => r.path === '/translations').at(-1)?.search;

    await user.selectOptions(screen.getByLabelText('State'), 'Outdated');
    await waitFor(() => expect(router.state.location.search).toBe('?state=outdated'));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Destinations/ })).toBeNull());
    expect(asked()).toBe('?state=outdated');
    expect(screen.queryByText('Title', { selector: '.translations__label' })).toBeNull();
    expect(fieldLine('Arrivals at Riyadh', 'Description')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'All');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Destinations');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=destination'));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Blogs/ })).toBeNull());
    expect(asked()).toBe('?kind=destination');
    expect(screen.getByRole('region', { name: /^Destinations/ })).toBeInTheDocument();

    // Nothing of this state in this kind: says so, and clears the filter.
    await user.selectOptions(screen.getByLabelText('State'), 'Outdated');
    expect(await screen.findByText('Nothing matches this filter.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('region', { name: /^Blogs/ })).toBeInTheDocument();
  });

  it('confirms an outdated field as still right: the endpoint is called, the server says so, and the item leaves the list', async () => {
    let items = [blog, destination];
    const { requests } = api(() => items, {
      'POST /content/blog/12/translations/confirm': () => {
        items = [{ ...blog, fields: blog.fields.filter((field) => field.state !== 'outdated') }, destination];
        return [200, { responseBody: [items[0]], message: 'Noted: the Arabic is still right' }];
      },
    });
    const { user } = renderApp(null, { url: '/translations?state=outdated' });
    const line = await waitFor(() => fieldLine('Arrivals at Riyadh', 'Description'));
    await user.click(within(line).getByRole('button', { name: 'The Arabic is still right' }));

    expect(await toastTitle('Noted: the Arabic is still right')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/content/blog/12/translations/confirm');
    expect(post?.body).toEqual({ fields: ['description_ar'] });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Arrivals at Riyadh' })).toBeNull());
    expect(screen.getByText('Nothing matches this filter.')).toBeInTheDocument();
    // The focus goes on to what the list says now, not to the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear the filter' })).toHaveFocus());
  });

  it('says a refused confirmation in the server’s words', async () => {
    api(() => [blog], {
      'POST /content/blog/12/translations/confirm': () => [400, { message: 'Description has no Arabic text to confirm', errors: {} }],
    });
    const { user } = renderApp(null, { url: '/translations' });
    const line = await waitFor(() => fieldLine('Arrivals at Riyadh', 'Description'));
    await user.click(within(line).getByRole('button', { name: 'The Arabic is still right' }));
    expect(await toastTitle('Description has no Arabic text to confirm')).toBeInTheDocument();
  });

  it('says when nothing needs translating', async () => {
    api(() => []);
    renderApp(null, { url: '/translations' });
    expect(await screen.findByText('Nothing needs translating.')).toBeInTheDocument();
    expect(screen.getByText('Every Arabic text is written, and none is older than its English.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear the filter' })).toBeNull();
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    api(() => [blog, destination], {
      'POST /content/blog/12/translations/confirm': () => [200, { responseBody: [blog], message: 'تم التسجيل: الترجمة العربية لا تزال صحيحة' }],
    });
    const { user } = renderApp(null, { url: '/translations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الترجمات' })).toBeInTheDocument();
    await screen.findByRole('region', { name: /^المدونات/ });
    const title = within(screen.getByRole('list', { name: 'حقول Arrivals at Riyadh' })).getByText('العنوان').closest('li')!;
    expect(within(title).getByText('ناقصة')).toBeInTheDocument();
    const description = within(screen.getByRole('list', { name: 'حقول Arrivals at Riyadh' })).getByText('الوصف').closest('li')!;
    expect(within(description).getByText('قديمة')).toBeInTheDocument();
    expect(description).toHaveTextContent('تغيّر النص الإنجليزي في');
    expect(within(screen.getByRole('region', { name: /^الوجهات/ })).getByRole('link', { name: 'وجهة #7' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'الكل' })).toBeInTheDocument();

    await user.click(within(description).getByRole('button', { name: 'الترجمة العربية لا تزال صحيحة' }));
    expect(await toastTitle('تم التسجيل: الترجمة العربية لا تزال صحيحة')).toBeInTheDocument();
  });

  it('says when nothing needs translating in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    api(() => []);
    renderApp(null, { url: '/translations' });
    expect(await screen.findByText('لا شيء يحتاج إلى ترجمة.')).toBeInTheDocument();
  });

  it('is in the menu of whoever holds `translations`, and leads there', async () => {
    api(() => [blog], { 'GET /account': () => accountAnswer('translator') });
    const { user, router } = renderApp(null, { url: '/blogs' });
    const sidebar = await screen.findByRole('complementary', { name: 'Main menu' });
    await user.click(await within(sidebar).findByRole('link', { name: 'Translations' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/translations'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Arrivals at Riyadh' })).toBeInTheDocument();
  });

  it.each(['contributor', 'enquiries'] as const)('is neither in the menu of a %s nor asked for, even at its address', async (role) => {
    const { requests } = api(() => [blog], { 'GET /account': () => accountAnswer(role), 'GET /blog': () => [200, list([])], 'GET /contact-us': () => [200, list([])] });
    const { router } = renderApp(null, { url: '/account' });
    const sidebar = await screen.findByRole('complementary', { name: 'Main menu' });
    await within(sidebar).findByRole('link', { name: 'My account' });
    expect(within(sidebar).queryByRole('link', { name: 'Translations' })).toBeNull();

    await act(() => router.navigate('/translations'));
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/translations')).toBe(false);
  });
});

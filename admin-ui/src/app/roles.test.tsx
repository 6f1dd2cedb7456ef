/**
 * Each role's own back office (ARCHITECTURE.md, "Roles and permissions"): the menu, the start
 * page, a typed address of a screen the role may not use, and the buttons of dashboards and
 * forms, all decided from the permissions `GET /account` lists.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import type { Role } from '@/lib/permissions';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { blogKind, destinationKind, kindsAnswer } from '@/testing/kinds';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const blog = blogRecord({
  status: 'published',
  publish_at: null,
  unpublish_at: null,
  published_at: '2026-11-20T10:00:00Z',
  hasPendingChanges: false,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
});

const subscriber = { id: 1, email: 'a@example.com', created_at: '2026-11-20T10:00:00Z' };

function api(role: Role, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /account': () => accountAnswer(role),
    'GET /blog': () => [200, list([blog])],
    'GET /blog/9': () => [200, { responseBody: [blog] }],
    'GET /contact-us': () => [200, list([])],
    'GET /subscription': () => [200, list([subscriber])],
    'GET /publish/status': () => [200, { responseBody: { pendingJobs: 0, latestJobId: 1, lastDoneJobId: 1, lastBuildAt: null, lastError: null, failedJobs: [] } }],
    'GET /notifications/status': () => [200, { responseBody: { pending: 0, lastError: null, failed: [] } }],
    // Blogs have screens of their own; destinations are known from here alone.
    'GET /kinds': () => kindsAnswer(blogKind, destinationKind),
    ...extra,
  });
}

async function menuEntries(): Promise<string[]> {
  const sidebar = await screen.findByRole('complementary', { name: i18n.t('nav.label') });
  return within(within(sidebar).getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('roles', () => {
  it.each([
    ['owner', ['Today', 'Services', 'Banner Dashboard', 'Client Review', 'Contact Us Dashboard', 'Airport requests', 'Blogs', 'Services List Dashboard', 'General Content Dashboard', 'Destinations', 'Media', 'Subscription', 'Team', 'Waiting for review', 'Schedule', 'Translations', 'Audit log', 'My account']],
    ['editor', ['Today', 'Services', 'Banner Dashboard', 'Client Review', 'Blogs', 'Services List Dashboard', 'General Content Dashboard', 'Destinations', 'Media', 'Waiting for review', 'Schedule', 'Translations', 'My account']],
    ['contributor', ['Today', 'Services', 'Banner Dashboard', 'Client Review', 'Blogs', 'Services List Dashboard', 'General Content Dashboard', 'Destinations', 'Media', 'Schedule', 'My account']],
    ['translator', ['Today', 'Services', 'Banner Dashboard', 'Client Review', 'Blogs', 'Services List Dashboard', 'General Content Dashboard', 'Destinations', 'Schedule', 'Translations', 'My account']],
    ['enquiries', ['Today', 'Contact Us Dashboard', 'Airport requests', 'Subscription', 'My account']],
  ] as const)('shows the %s the screens of its role only', async (role, entries) => {
    api(role);
    renderApp(null, { url: '/account' });
    // The declared kinds join the menu once `GET /kinds` has answered.
    await waitFor(async () => expect(await menuEntries()).toEqual(entries));
  });

  it('never asks the desk for the kinds of content, nor shows it theirs', async () => {
    const { requests } = api('enquiries');
    renderApp(null, { url: '/account' });
    expect(await menuEntries()).not.toContain('Destinations');
    expect(requests.some((r) => r.path === '/kinds')).toBe(false);
  });

  it('names a declared kind in the admin’s language, and marks it on its list and forms', async () => {
    api('editor', { 'GET /destinations': () => [200, list([])] });
    const { router } = renderApp(null, { url: '/content/destination/new' });
    const sidebar = await screen.findByRole('complementary', { name: i18n.t('nav.label') });
    const entry = await within(sidebar).findByRole('link', { name: 'Destinations' });
    expect(entry).toHaveAttribute('href', '/content/destination');
    expect(entry).toHaveAttribute('aria-current', 'page');
    await act(() => router.navigate('/content/destination/7'));
    expect(within(sidebar).getByRole('link', { name: 'Destinations' })).toHaveClass('nav-link--active');
    await act(() => i18n.changeLanguage('ar'));
    expect(await within(sidebar).findByRole('link', { name: 'الوجهات' })).toBeInTheDocument();
  });

  it('says "You do not have permission" at a declared kind’s form to whoever may not add content', async () => {
    api('translator');
    renderApp(null, { url: '/content/destination/new' });
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeInTheDocument();
  });

  it('starts the desk on Today, which says what needs it', async () => {
    api('enquiries', { 'GET /account/today': () => [200, { responseBody: [{ counts: { inbox: 2 }, overdue: 0 }] }] });
    const { router } = renderApp(null, { url: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Enquiries' })).toHaveTextContent('New enquiries waiting for the desk: 2');
  });

  it('starts an editor on Blogs, where the specification\'s sign-in goes', async () => {
    api('editor');
    const { router } = renderApp(null, { url: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));
  });

  it('says "You do not have permission" at the address of a screen the role may not use', async () => {
    const { requests } = api('enquiries');
    const { user, router } = renderApp(null, { url: '/blogs' });
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeInTheDocument();
    expect(screen.getByText(/Your role does not include this screen/)).toBeInTheDocument();
    // Nothing of the screen was asked for, and the desk does not watch publishing.
    expect(requests.some((r) => r.path === '/blog' || r.path === '/publish/status')).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Go to the start page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  });

  it('keeps the team and the audit log to owners', async () => {
    api('editor');
    renderApp(null, { url: '/team' });
    expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeInTheDocument();
  });

  it('says it in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    api('translator');
    renderApp(null, { url: '/audit' });
    expect(await screen.findByRole('heading', { name: 'ليست لديك صلاحية' })).toBeInTheDocument();
    expect(await menuEntries()).not.toContain('الفريق');
  });

  it('gives the desk no Delete of subscribers (nor an empty row menu)', async () => {
    api('enquiries');
    renderApp(null, { url: '/subscription' });
    expect(await screen.findByText('a@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for a@example.com' })).toBeNull();
  });

  it('gives an editor Add, Edit and Delete of content', async () => {
    api('editor');
    const { user } = renderApp(null, { url: '/blogs' });
    expect(await screen.findByRole('link', { name: 'Add blog' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for Arrivals' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('gives a translator no Add and no Delete, but Edit', async () => {
    api('translator');
    const { user } = renderApp(null, { url: '/blogs' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Arrivals' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add blog' })).toBeNull();
  });

  it('shows a translator the English fields read-only and saves the Arabic as a draft', async () => {
    const { requests } = api('translator', {
      'PUT /blog/9': (r) => [200, { responseBody: [{ ...blog, ...(r.body as object), hasPendingChanges: true }], message: 'Blog updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toBeDisabled();
    expect(screen.getByText('You may change the Arabic text only; the other fields are shown for reference.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Arabic' }));
    const arabicTitle = screen.getByLabelText('Title in Arabic');
    expect(arabicTitle).toBeEnabled();
    await user.type(arabicTitle, 'الوصول');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await toastTitle('Saved as a draft: an editor publishes it.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT' && !r.path.startsWith('/presence/'));
    expect(put?.body).toMatchObject({ name: 'Arrivals', name_ar: 'الوصول', image_url: '/media/arrivals.jpg', display_order: 1, status: 'draft' });
  });

  it('shows a 403 in words, with its field errors on their fields', async () => {
    api('translator', {
      'PUT /blog/9': () => [403, { message: 'You do not have permission to do this.', errors: { name: 'Only the Arabic fields may be changed.' } }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));
    expect(await toastTitle('You do not have permission to do this.')).toBeInTheDocument();
    expect(await screen.findByText('Only the Arabic fields may be changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });

  it('words a 403 that came without a body in the admin’s language', async () => {
    await i18n.changeLanguage('ar');
    api('editor', { 'DELETE /blog/9': () => [403, undefined] });
    const { user } = renderApp(null, { url: '/blogs' });
    await user.click(await screen.findByRole('button', { name: 'إجراءات Arrivals' }));
    await user.click(screen.getByRole('menuitem', { name: i18n.t('common.delete') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: i18n.t('confirm.confirm') }));
    expect(await toastTitle('ليست لديك صلاحية للقيام بهذا.')).toBeInTheDocument();
  });

  it('lets a contributor add and edit but only save drafts, with no publishing, schedule or restore', async () => {
    const { requests } = api('contributor', {
      'PUT /blog/9': (r) => [200, { responseBody: [{ ...blog, ...(r.body as object) }], message: 'Blog updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toBeEnabled();
    expect(screen.getByText('Your saves are drafts: an editor or an owner publishes them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Schedule' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Save as draft' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT' && !r.path.startsWith('/presence/'))?.body).toMatchObject({ status: 'draft' }));
  });

  it('lets an editor publish, schedule and save drafts', async () => {
    api('editor');
    renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Schedule' })).toBeInTheDocument();
  });
});

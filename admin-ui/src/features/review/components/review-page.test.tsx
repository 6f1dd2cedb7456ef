/**
 * "Waiting for review" (ARCHITECTURE.md, "Review and translation"): each waiting change with who
 * sent it, their note and what it changes beside the site; Publish and Return with a note (the
 * note required); the menu's count; and none of it for a role without `review`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { blogKind, kindsAnswer } from '@/testing/kinds';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Waiting } from '@/lib/review-queue';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const newBlog: Waiting = {
  kind: 'blog',
  one: { en: 'Blog', ar: 'مدونة' },
  id: 12,
  title: 'A London season',
  by: 'layla',
  at: '2026-12-04T09:30:00Z',
  note: 'Ready for Friday’s letter.',
  live: false,
  fields: [{ field: 'name', label: { en: 'Title', ar: 'العنوان' }, live: null, pending: 'A London season' }],
};

const arabicChange: Waiting = {
  kind: 'blog',
  one: { en: 'Blog', ar: 'مدونة' },
  id: 7,
  title: 'Evenings in Jeddah',
  by: 'omar',
  at: '2026-12-04T10:00:00Z',
  note: null,
  live: true,
  fields: [{ field: 'description_ar', label: { en: 'Description in Arabic', ar: 'الوصف بالعربية' }, live: '<p>أمسيات</p>', pending: '<p>أمسيات على البحر</p>' }],
};

function api(items: () => Waiting[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /kinds': () => kindsAnswer(blogKind), 'GET /review': () => [200, list(items())], ...extra });
}

describe('the review queue', () => {
  it('shows each change with who sent it, their note and each field beside the site, and counts them in the menu', async () => {
    api(() => [newBlog, arabicChange]);
    renderApp(null, { url: '/review' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for review' })).toBeInTheDocument();
    const first = (await screen.findByRole('heading', { level: 2, name: 'A London season' })).closest('li')!;
    expect(within(first).getByText('New, never published')).toBeInTheDocument();
    expect(within(first).getByText(/Submitted by layla/)).toBeInTheDocument();
    expect(within(first).getByText('Ready for Friday’s letter.')).toBeInTheDocument();
    // A new item has nothing on the site to compare with.
    expect(within(first).queryByRole('columnheader', { name: 'On the site now' })).toBeNull();
    const second = screen.getByRole('heading', { level: 2, name: 'Evenings in Jeddah' }).closest('li')!;
    const row = within(second).getByRole('row', { name: /Description in Arabic/ });
    expect(within(row).getByText('أمسيات')).toBeInTheDocument();
    expect(within(row).getByText('أمسيات على البحر')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 2, name: 'A London season' })).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/\/addblog\/12$/));
    await waitFor(() => expect(screen.getByTestId('count-review')).toHaveTextContent('2 waiting for review'));
  });

  it('returns a change with a note (required) and publishes another, each leaving the queue', async () => {
    let items = [newBlog, arabicChange];
    const { requests } = api(() => items, {
      'POST /content/blog/12/review/return': () => {
        items = items.filter((i) => i.id !== 12);
        return [200, { responseBody: [{ id: 12 }], message: 'Returned to its author with your note.' }];
      },
      'POST /content/blog/7/publish': () => {
        items = items.filter((i) => i.id !== 7);
        return [200, { responseBody: [{ id: 7 }], message: 'Published' }];
      },
    });
    const { user } = renderApp(null, { url: '/review' });
    const first = (await screen.findByRole('heading', { level: 2, name: 'A London season' })).closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Return with a note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return with a note' });
    await user.click(within(dialog).getByRole('button', { name: 'Return with a note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say what needs to change');
    expect(requests.some((r) => r.path.endsWith('/review/return'))).toBe(false);
    await user.type(within(dialog).getByLabelText('What needs to change'), 'Name the hotel.');
    await user.click(within(dialog).getByRole('button', { name: 'Return with a note' }));
    expect(await toastTitle('Returned to its author with your note.')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/content/blog/12/review/return')?.body).toEqual({ note: 'Name the hotel.' });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'A London season' })).toBeNull());

    const second = screen.getByRole('heading', { level: 2, name: 'Evenings in Jeddah' }).closest('li')!;
    await user.click(within(second).getByRole('button', { name: 'Publish now' }));
    expect(await toastTitle('Published')).toBeInTheDocument();
    expect(await screen.findByText('Nothing is waiting for review.')).toBeInTheDocument();
  });

  it('is not in the menu of a role that does not review, and is never asked for', async () => {
    const { requests } = api(() => [newBlog], { 'GET /account': () => accountAnswer('contributor') });
    renderApp(null, { url: '/account' });
    const sidebar = await screen.findByRole('complementary', { name: 'Main menu' });
    await within(sidebar).findByRole('link', { name: 'Blogs' });
    expect(within(sidebar).queryByRole('link', { name: /Waiting for review/ })).toBeNull();
    expect(requests.some((r) => r.path === '/review')).toBe(false);
  });
});

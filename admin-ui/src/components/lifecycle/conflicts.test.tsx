/**
 * Edits that never overwrite each other (ARCHITECTURE.md): the version read travels with every
 * write, a refused save opens the merge dialog, who else is editing is shown, pending changes can
 * be discarded.
 */
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { dispatch } from '@/lib/live-events';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { MergeDialog } from './merge-dialog';
import { PRESENCE_INTERVAL_MS, usePresence } from './presence';
import { clockInZone } from './time-zone';
import { blogRecord } from '@/testing/records';

const blog = blogRecord({
  meta_description: 'Ours, as read',
  created_at: '2027-03-01T08:00:00Z',
  updated_at: '2027-03-01T08:00:00Z',
  status: 'published',
  publish_at: null,
  unpublish_at: null,
  published_at: '2027-03-01T08:00:00Z',
  hasPendingChanges: true,
  version: 3,
});

const one = (item: object) => ({ responseBody: [item] });
const writes = (requests: Recorded[], path: string) => requests.filter((r) => r.method !== 'GET' && r.path === path);
const ifMatch = (request?: Recorded) => request?.headers.get('if-match');

describe('versions', () => {
  it('sends the version it read with a save, and not in the body', async () => {
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'PUT /blog/9': ({ body }) => [200, { ...one({ ...blog, ...(body as object), version: 4 }), message: 'Blog updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(writes(requests, '/blog/9')).toHaveLength(1));
    const [put] = writes(requests, '/blog/9');
    expect(ifMatch(put)).toBe('"3"');
    expect(put.body).not.toHaveProperty('version');
  });

  it('sends it with lifecycle actions, then the version each answer gives', async () => {
    let current = blog;
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(current)],
      'POST /content/blog/9/publish': () => {
        current = { ...current, hasPendingChanges: false, version: 4, updated_at: '2027-03-02T08:00:00Z' };
        return [200, { ...one(current), message: 'Published' }];
      },
      'POST /content/blog/9/unpublish': () => {
        current = { ...current, status: 'draft', version: 5, updated_at: '2027-03-03T08:00:00Z' };
        return [200, { ...one(current), message: 'Unpublished' }];
      },
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(writes(requests, '/content/blog/9/publish')).toHaveLength(1));
    expect(ifMatch(writes(requests, '/content/blog/9/publish')[0])).toBe('"3"');

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(writes(requests, '/content/blog/9/unpublish')).toHaveLength(1));
    expect(ifMatch(writes(requests, '/content/blog/9/unpublish')[0])).toBe('"4"');
  });
});

describe('the merge dialog', () => {
  const at = new Date().toISOString();
  const theirs = { ...blog, name: 'Arrivals, refined', meta_description: 'Theirs, shorter', name_ar: 'وصول', version: 4 };
  const conflict = {
    message: 'Someone else changed this since you opened it.',
    errors: {},
    conflict: { version: 4, by: 'sara', at, fields: ['name', 'name_ar', 'meta_description'], current: theirs },
  };

  function api() {
    return mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'PUT /blog/9': (request) =>
        ifMatch(request) === '"4"'
          ? [200, { ...one({ ...theirs, ...(request.body as object), version: 5 }), message: 'Blog updated successfully' }]
          : [409, conflict],
    });
  }

  it('shows who changed what, field by field, and saves the choices against the version now', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.clear(await screen.findByLabelText('Meta description'));
    await user.type(screen.getByLabelText('Meta description'), 'Mine, longer and better');
    await user.type(screen.getByLabelText('Title in Arabic'), 'الوصول');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this' });
    expect(dialog).toHaveTextContent(`sara saved this at ${clockInZone(at, 'Asia/Dubai')}.`);
    // The form's own labels; where I changed the field, mine is chosen, elsewhere theirs.
    const title = within(dialog).getByRole('group', { name: 'Title' });
    expect(within(title).getByRole('radio', { name: /Take theirs/ })).toBeChecked();
    expect(title).toHaveTextContent('Arrivals, refined');
    const arabic = within(dialog).getByRole('group', { name: /Title in Arabic/ });
    expect(within(arabic).getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    expect(within(arabic).getByText('وصول')).toHaveAttribute('dir', 'rtl');
    const meta = within(dialog).getByRole('group', { name: /Meta description/ });
    expect(within(meta).getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await user.click(within(meta).getByRole('radio', { name: /Take theirs/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Save with these choices' }));
    expect(await screen.findByText('Blog updated successfully', { selector: '[data-title]' })).toBeInTheDocument();
    const [first, second] = writes(requests, '/blog/9');
    expect(ifMatch(first)).toBe('"3"');
    expect(ifMatch(second)).toBe('"4"');
    expect(second.body).toMatchObject({ name: 'Arrivals, refined', name_ar: 'الوصول', meta_description: 'Theirs, shorter' });
  });

  it('loses nothing typed when cancelled with Escape, and says so in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    const { requests } = api();
    const { user } = renderApp(null, { url: '/addblog/9' });
    const field = await screen.findByLabelText(i18n.t('blogs.fields.metaDescription'));
    await user.clear(field);
    await user.type(field, 'Mine, longer and better');
    await user.click(screen.getByRole('button', { name: i18n.t('common.submit') }));
    const dialog = await screen.findByRole('dialog', { name: i18n.t('merge.title') });
    expect(dialog).toHaveTextContent(i18n.t('merge.savedAt', { name: 'sara', at: clockInZone(at, 'Asia/Dubai') }));
    expect(within(dialog).getByRole('group', { name: new RegExp(i18n.t('blogs.fields.metaDescription')) })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(i18n.t('blogs.fields.metaDescription'))).toHaveValue('Mine, longer and better');
    expect(writes(requests, '/blog/9')).toHaveLength(1);
  });
});

describe('the merge dialog\'s values', () => {
  it('shows long rich text as plain text, cut short with a "Show all"', async () => {
    const long = `<p>${'Quiet arrivals through the private terminal. '.repeat(8)}</p>`;
    const onSave = vi.fn();
    render(
      <MergeDialog
        conflict={{ version: 4, by: null, at: null, fields: ['description'], current: {} }}
        fields={[{ name: 'description', label: 'Description', mine: '<p>Short.</p>', theirs: long, changedByMe: true }]}
        onCancel={() => undefined}
        onSave={onSave}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('dialog')).toHaveTextContent('Someone else saved this since you opened it.');
    const group = screen.getByRole('group', { name: /Description/ });
    expect(group).not.toHaveTextContent('<p>');
    expect(group).toHaveTextContent('…');
    await user.click(within(group).getByRole('button', { name: 'Show all' }));
    expect(within(group).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(group).not.toHaveTextContent('…');
    await user.click(screen.getByRole('button', { name: 'Save with these choices' }));
    expect(onSave).toHaveBeenCalledWith({ description: 'mine' });
  });
});

describe('presence', () => {
  afterEach(() => vi.useRealTimers());

  it('says who else is editing above the form, and that this editor left when it closes', async () => {
    const since = new Date().toISOString();
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'PUT /presence/blog/9': () => [200, list([{ username: 'sara', since }])],
      'DELETE /presence/blog/9': () => [204, undefined],
    });
    const { router } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByText(`sara is also editing this (since ${clockInZone(since, 'Asia/Dubai')})`)).toBeInTheDocument();
    await act(() => router.navigate('/blogs'));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/presence/blog/9')).toBe(true));
  });

  it('joins several names, in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    const since = new Date().toISOString();
    mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'PUT /presence/blog/9': () => [200, list([{ username: 'sara', since }, { username: 'omar', since }])],
    });
    renderApp(null, { url: '/addblog/9' });
    const clock = clockInZone(since, 'Asia/Dubai');
    const status = await screen.findByText(/sara/);
    expect(status).toHaveTextContent(`sara (منذ ${clock})`);
    expect(status).toHaveTextContent(`omar (منذ ${clock})`);
    expect(status).toHaveTextContent('يحرّرون هذا أيضًا');
  });

  it('says the form is open every 20 seconds until it closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockApi({
      'PUT /presence/blog/9': () => [200, list([])],
      'DELETE /presence/blog/9': () => [204, undefined],
    });
    const { unmount } = renderHook(() => usePresence('blog', 9));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS));
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2);
    unmount();
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('hears at once from the live events who else opens or closes this item, and only this item', async () => {
    mockApi({
      'PUT /presence/blog/9': () => [200, list([])],
      'DELETE /presence/blog/9': () => [204, undefined],
    });
    const queryClient = new QueryClient();
    const { result } = renderHook(() => usePresence('blog', 9));
    await waitFor(() => expect(result.current).toEqual([]));
    const since = '2027-03-04T08:00:00Z';
    const tell = (kind: string, id: number, present: { username: string; since: string }[]) =>
      act(() => dispatch({ event: 'presence', data: JSON.stringify({ kind, id, present }) }, queryClient));
    tell('blog', 9, [{ username: 'sara', since }]);
    expect(result.current).toEqual([{ username: 'sara', since }]);
    tell('blog', 10, []);
    tell('service', 9, []);
    expect(result.current).toEqual([{ username: 'sara', since }]);
    tell('blog', 9, []);
    expect(result.current).toEqual([]);
  });
});

describe('discard changes', () => {
  it('asks first, then drops the pending changes and shows the live version', async () => {
    let current: typeof blog = { ...blog, name: 'Arrivals (draft)', version: 5 };
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(current)],
      'POST /content/blog/9/discard': () => {
        current = { ...blog, name: 'Arrivals', hasPendingChanges: false, version: 6, updated_at: '2027-03-04T08:00:00Z' };
        return [200, { ...one(current), message: 'Changes discarded' }];
      },
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals (draft)');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard the pending changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));

    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Arrivals'));
    const [discard] = writes(requests, '/content/blog/9/discard');
    expect(ifMatch(discard)).toBe('"5"');
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });

  it('is not offered to a role that may not publish', async () => {
    mockApi({ 'GET /account': () => accountAnswer('contributor'), 'GET /blog/9': () => [200, one(blog)] });
    renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    expect(screen.queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });
});

describe('a lifecycle action refused for an edit made since', () => {
  const at = new Date().toISOString();
  const theirs = { ...blog, name: 'Arrivals, refined', meta_title: 'Theirs too', version: 4, updated_at: '2027-03-02T08:00:00Z' };
  const refusal = (fields: string[]) => ({
    message: 'Someone else changed this since you opened it.',
    errors: {},
    conflict: { version: 4, by: 'sara', at, fields, current: theirs },
  });

  it('shows who changed what by label, loads the version now keeping what was typed, and publishes again', async () => {
    let current: typeof blog = blog;
    let release = () => undefined as void;
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(current)],
      'POST /content/blog/9/publish': (request) => {
        if (ifMatch(request) !== '"4"') return [409, refusal(['name', 'slug', 'meta_title', 'status'])];
        // The second publish waits, so the form can be read before the page reloads it.
        return new Promise((resolve) => {
          release = () => {
            current = { ...theirs, hasPendingChanges: false, version: 5, updated_at: '2027-03-03T08:00:00Z' };
            resolve([200, { ...one(current), message: 'Published' }]);
          };
        });
      },
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    const meta = await screen.findByLabelText('Meta description');
    await user.clear(meta);
    await user.type(meta, 'Mine, unsaved');
    await user.clear(screen.getByLabelText('Meta title'));
    await user.type(screen.getByLabelText('Meta title'), 'Mine too');
    await user.click(screen.getByRole('button', { name: 'Publish now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this' });
    expect(dialog).toHaveTextContent(`sara saved this at ${clockInZone(at, 'Asia/Dubai')}.`);
    expect(dialog).toHaveTextContent('Changed since you opened it: Title, Meta title, Status.');
    expect(within(within(dialog).getByRole('group', { name: 'Title' })).getByRole('radio', { name: /Take theirs/ })).toBeChecked();
    // The slug follows the title, unnamed. Both changed the meta title: the editor chooses (theirs, here).
    const metaTitle = within(dialog).getByRole('group', { name: /Meta title/ });
    expect(within(metaTitle).getByRole('radio', { name: /Keep mine/ })).toBeChecked();
    await user.click(within(metaTitle).getByRole('radio', { name: /Take theirs/ }));
    expect(writes(requests, '/content/blog/9/publish'), 'nothing done again yet').toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Load the current version and publish' }));
    await waitFor(() => expect(writes(requests, '/content/blog/9/publish')).toHaveLength(2));
    expect(writes(requests, '/content/blog/9/publish').map(ifMatch)).toEqual(['"3"', '"4"']);
    expect(screen.getByLabelText('Title')).toHaveValue('Arrivals, refined');
    expect(screen.getByLabelText('Meta title')).toHaveValue('Theirs too');
    expect(screen.getByLabelText('Meta description')).toHaveValue('Mine, unsaved');

    release();
    expect(await screen.findByText('Published', { selector: '[data-title]' })).toBeInTheDocument();
  });

  it('restores again from History against the version now, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'GET /content/blog/9/revisions': () => [
        200,
        list([{ id: 2, created_at: '2027-03-01T08:00:00Z', author: 'amira', action: 'created', changed_fields: ['name', 'meta_description'] }]),
      ],
      'GET /content/blog/9/revisions/2': () => [
        200,
        one({ id: 2, created_at: '2027-03-01T08:00:00Z', author: 'amira', action: 'created', changed_fields: [], data: { ...blog, name: 'First' } }),
      ],
      'POST /content/blog/9/revisions/2/restore': (request) =>
        ifMatch(request) === '"4"' ? [200, { ...one({ ...blog, version: 5 }), message: 'تمت استعادة المراجعة كمسودة' }] : [409, refusal(['name'])],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'السجل' }));
    const history = await screen.findByRole('dialog', { name: 'السجل' });
    // The history names fields by label too.
    expect(within(history).getByRole('button', { name: /أُنشئ/ })).toHaveTextContent('العنوان، وصف الميتا');
    await user.click(within(history).getByRole('button', { name: /أُنشئ/ }));
    await user.click(await within(history).findByRole('button', { name: 'استعادة كمسودة' }));

    const dialog = await screen.findByRole('dialog', { name: 'غيّر شخص آخر هذا العنصر' });
    expect(dialog).toHaveTextContent('ما تغيّر منذ أن فتحته: العنوان.');
    await user.click(within(dialog).getByRole('button', { name: 'حمّل النسخة الحالية واستعد المراجعة' }));
    expect(await screen.findByText('تمت استعادة المراجعة كمسودة', { selector: '[data-title]' })).toBeInTheDocument();
    expect(writes(requests, '/content/blog/9/revisions/2/restore').map(ifMatch)).toEqual(['"3"', '"4"']);
  });

  it('is cancelled without a change to the form, and a 409 without its account is a toast', async () => {
    const { requests } = mockApi({
      'GET /blog/9': () => [200, one(blog)],
      'POST /content/blog/9/discard': () => [409, refusal(['name'])],
      'POST /content/blog/9/unpublish': () => [409, { message: 'This item is being published; try again in a moment.', errors: {} }],
    });
    const { user } = renderApp(null, { url: '/addblog/9' });
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else changed this' });
    expect(within(dialog).getByRole('button', { name: 'Load the current version and discard changes' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).toHaveValue('Arrivals');
    expect(writes(requests, '/content/blog/9/discard')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('This item is being published; try again in a moment.', { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

/** A content form with unsaved changes asks before it is left and keeps its values in the browser. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

const blog = blogRecord({
  created_at: '2027-03-01T08:00:00Z',
  updated_at: '2027-03-01T08:00:00Z',
  status: 'published',
  publish_at: null,
  unpublish_at: null,
  published_at: '2027-03-01T08:00:00Z',
  hasPendingChanges: false,
  version: 3,
});

const answers = {
  'GET /blog/9': () => [200, { responseBody: [blog] }] as [number, unknown],
  'GET /blog': () => [200, { responseBody: { result: [blog], totalCount: 1 } }] as [number, unknown],
};

describe('unsaved changes', () => {
  it('asks before the form is left, and offers the values back when it opens again', async () => {
    mockApi(answers);
    const first = renderApp(null, { url: '/addblog/9' });
    const title = await screen.findByLabelText('Title');
    await first.user.clear(title);
    await first.user.type(title, 'Arrivals, unsaved');

    await first.user.click(screen.getByRole('link', { name: 'Back to Blogs' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await first.user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Arrivals, unsaved');
    expect(first.router.state.location.pathname).toBe('/addblog/9');

    await first.user.click(screen.getByRole('link', { name: 'Back to Blogs' }));
    await first.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/blogs'));
    first.unmount();

    const again = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    expect(screen.getByText(/Changes you had not saved/)).toBeInTheDocument();
    await again.user.click(screen.getByRole('button', { name: 'Bring them back' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Arrivals, unsaved');
  });

  it('keeps nothing once saved, and lets the kept values be thrown away', async () => {
    mockApi({ ...answers, 'PUT /blog/9': () => [200, { responseBody: [{ ...blog, version: 4 }], message: 'Blog updated successfully' }] });
    const first = renderApp(null, { url: '/addblog/9' });
    await first.user.type(await screen.findByLabelText('Title in Arabic'), 'الوصول');
    await first.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Blog updated successfully', { selector: '[data-title]' })).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/blogs'));
    first.unmount();

    const again = renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    expect(screen.queryByText(/Changes you had not saved/)).not.toBeInTheDocument();
    await again.user.type(screen.getByLabelText('Title in Arabic'), 'مسودة');
    again.unmount();

    const third = renderApp(null, { url: '/addblog/9' });
    await third.user.click(await screen.findByRole('button', { name: 'Throw them away' }));
    await act(async () => undefined);
    third.unmount();
    renderApp(null, { url: '/addblog/9' });
    expect(await screen.findByLabelText('Title')).toHaveValue('Arrivals');
    expect(screen.queryByText(/Changes you had not saved/)).not.toBeInTheDocument();
  });
});

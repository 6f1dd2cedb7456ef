/** The app end to end in jsdom: routing, the session, a dashboard and a form, against a fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { getToken } from '@/lib/auth-storage';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

describe('the admin app', () => {
  it('sends every admin route without a token to the login page', async () => {
    mockApi({});
    const { router } = renderApp(null, { url: '/blogs', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in: rules, the server\'s token, the toast, and Blogs after 100 ms', async () => {
    const { requests } = mockApi({
      'POST /authenticate': () => [200, { responseBody: { token: 'fresh', expiresAt: '2026-12-01T00:00:00Z' }, message: 'Successfully logged in' }],
      'GET /blog': () => [200, list([])],
    });
    const { user, router } = renderApp(null, { url: '/login', signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please enter the user name')).toBeInTheDocument();
    expect(screen.getByText('Please enter the password')).toBeInTheDocument();

    await user.type(screen.getByLabelText('User name'), 'admin');
    expect(screen.queryByText('Please enter the user name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await toastTitle('Successfully logged in')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/authenticate')?.body).toEqual({ username: 'admin', password: 'long-password' });
    expect(getToken()).toBe('fresh');
    await waitFor(() => expect(router.state.location.pathname).toBe('/blogs'));
  });

  it('says so when the login answer has no token', async () => {
    mockApi({ 'POST /authenticate': () => [200, { responseBody: {} }] });
    const { user } = renderApp(null, { url: '/login', signedIn: false });
    await user.type(await screen.findByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await toastTitle('Login succeeded but token missing')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('shows "Login failed" when the server gives no message', async () => {
    mockApi({ 'POST /authenticate': () => [502, undefined] });
    const { user } = renderApp(null, { url: '/login', signedIn: false });
    await user.type(await screen.findByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'long-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await toastTitle('Login failed')).toBeInTheDocument();
  });

  it('shows "No data available" for an empty dashboard', async () => {
    mockApi({ 'GET /subscription': () => [200, list([])] });
    renderApp(null, { url: '/subscription' });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('deletes through the confirmation: toast, dialog closed, list refreshed', async () => {
    let rows = [
      { id: 1, email: 'a@example.com', created_at: '2026-11-20T10:00:00Z' },
      { id: 2, email: 'b@example.com', created_at: '2026-11-20T09:00:00Z' },
    ];
    mockApi({
      'GET /subscription': () => [200, list(rows, 11)],
      'DELETE /subscription/1': () => {
        rows = rows.filter((row) => row.id !== 1);
        return [200, { responseBody: { id: 1 }, message: 'Subscription deleted successfully' }];
      },
    });
    const { user } = renderApp(null, { url: '/subscription' });
    expect(await screen.findByText('a@example.com')).toBeInTheDocument();
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getAllByRole('button', { name: /^Page / })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Actions for a@example.com' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure to Delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('Subscription deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('a@example.com')).not.toBeInTheDocument());
  });

  it('closes the confirmation on Escape and reports a failed delete with the server\'s message', async () => {
    mockApi({
      'GET /our-services/display/display-order': () => [
        200,
        list([{ id: 4, name: 'Valet', description: '', content: '', display_order: 1, image_url: '', color: '#fff', created_at: '', updated_at: '' }]),
      ],
      'DELETE /our-services/4': () => [409, { message: 'This service still has 2 service list items. Delete or move them first.', errors: {} }],
    });
    const { user } = renderApp(null, { url: '/servicesDashboard' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Valet' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Valet' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('This service still has 2 service list items. Delete or move them first.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('general content: inline "Please enter the value", toast "Please select the value", errors clear on edit', async () => {
    mockApi({});
    const { user } = renderApp(null, { url: '/addgeneralContentDashboard' });
    await user.type(await screen.findByLabelText('Name'), 'site.phone');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter the value', { selector: '.field__error' })).toBeInTheDocument();
    expect(await toastTitle('Please select the value')).toBeInTheDocument();
    expect(screen.getByText('Please enter the Display order', { selector: '.field__error' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Value'), '+971 4 000 0000');
    expect(screen.queryByText('Please enter the value', { selector: '.field__error' })).not.toBeInTheDocument();
    expect(screen.getByText('Please enter the Display order', { selector: '.field__error' })).toBeInTheDocument();
  });

  it('edit mode loads the record, PUTs it, maps the server\'s field errors, and returns after saving', async () => {
    const record = { id: 9, name: 'site.email', values: 'desk@example.com', values_ar: null, display_order: 3, created_at: '', updated_at: '' };
    let attempts = 0;
    const { requests } = mockApi({
      'GET /general-content-section/9': () => [200, { responseBody: [record] }],
      'PUT /general-content-section/9': ({ body }) => {
        attempts += 1;
        return attempts === 1
          ? [400, { message: 'Value must be at most 5000 characters.', errors: { values: 'Value must be at most 5000 characters.' } }]
          : [200, { responseBody: [{ ...record, ...(body as object) }], message: 'content updated successfully' }];
      },
      'GET /general-content-section': () => [200, list([record])],
      'GET /publish/status': () => [200, { responseBody: { pendingJobs: 0, latestJobId: 4, lastDoneJobId: 4, lastBuildAt: '2026-11-21T10:02:00Z', lastError: null } }],
    });
    const { user, router } = renderApp(null, { url: '/addgeneralContentDashboard/9' });
    const value = await screen.findByLabelText('Value');
    expect(value).toHaveValue('desk@example.com');
    expect(screen.getByLabelText('Display order')).toHaveValue(3);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Value must be at most 5000 characters.', { selector: '.field__error' })).toBeInTheDocument();

    await user.clear(value);
    await user.type(value, 'concierge@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastTitle('content updated successfully')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      name: 'site.email',
      values: 'concierge@example.com',
      display_order: 3,
      values_ar: null,
      // Submit publishes (Save as draft keeps the live version), with the schedule as it stands
      // and the zone it is entered in.
      status: 'published',
      publish_at: null,
      unpublish_at: null,
      schedule_zone: 'Asia/Dubai',
    });
    expect(await screen.findByText(/Live on the site · 14:02/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/generalContentDashboard'), { timeout: 2500 });
  });

  it('an unknown admin path shows Not found inside the shell', async () => {
    mockApi({});
    renderApp(null, { url: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

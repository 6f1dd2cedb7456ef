/** The team (issue 17): add with a one-time password, disable, reset, delete; never your own row. */
import { screen, waitFor, within } from '@testing-library/react';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { AdminUser } from '../types';

const users: AdminUser[] = [
  { id: 1, username: 'amira', disabled: false, totpEnabled: true, mustChangePassword: false, created_at: '2026-11-01T08:00:00Z', last_sign_in_at: '2026-11-23T08:00:00Z' },
  { id: 2, username: 'yusuf', disabled: false, totpEnabled: false, mustChangePassword: true, created_at: '2026-11-20T08:00:00Z', last_sign_in_at: null },
];

function api() {
  return mockApi({
    'GET /account': () => [200, { responseBody: [{ username: 'amira', totpEnabled: true, mustChangePassword: false, totpRequired: false }] }],
    'GET /admin-users': () => [200, list(users)],
    'POST /admin-users': (r) => [201, { responseBody: [{ ...users[1], id: 3, ...(r.body as object) }], message: 'Administrator added.' }],
    'PUT /admin-users/2': (r) => [200, { responseBody: [{ ...users[1], ...(r.body as object) }], message: 'Administrator updated.' }],
  });
}

describe('team page', () => {
  it('lists administrators with status and two-factor, and offers no actions on your own row', async () => {
    api();
    renderApp(null, { url: '/team' });
    const rows = await screen.findAllByRole('row');
    const amira = rows.find((r) => r.textContent?.includes('amira'))!;
    const yusuf = rows.find((r) => r.textContent?.includes('yusuf'))!;
    expect(amira).toHaveTextContent('(you)');
    await waitFor(() => expect(within(amira).queryByRole('button')).toBeNull());
    expect(yusuf).toHaveTextContent('Awaiting first sign-in');
    expect(yusuf).toHaveTextContent('Never');
    expect(within(yusuf).getByRole('button', { name: 'Actions for yusuf' })).toBeInTheDocument();
  });

  it('adds an administrator with a one-time password and disables another', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/team' });
    await user.click(await screen.findByRole('button', { name: 'Add administrator' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('User name'), ' noor ');
    await user.type(within(dialog).getByLabelText('One-time password'), 'one-time pass for now');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ username: 'noor', password: 'one-time pass for now' }));

    await user.click(await screen.findByRole('button', { name: 'Actions for yusuf' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ disabled: true }));
  });
});

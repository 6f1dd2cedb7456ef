/** Sign-in with two-factor (issue 17): the code is asked for only after a right password. */
import { screen, waitFor } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('login form', () => {
  it('asks for the code when the account has two-factor on, then signs in with it', async () => {
    const { requests } = mockApi({
      'POST /authenticate': (r) =>
        (r.body as { code?: string }).code === '654321'
          ? [200, { responseBody: { token: 'tok', expiresAt: '2026-11-24T00:00:00Z' }, message: 'Successfully logged in' }]
          : [401, { message: 'Enter the six-digit code from your authenticator app, or a recovery code.', errors: {}, twoFactorRequired: true }],
    });
    const { user } = renderApp(null, { url: '/login', signedIn: false });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.type(await screen.findByLabelText('User name'), 'amira');
    await user.type(screen.getByLabelText('Password'), 'a long and careful passphrase');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByText('Enter the six-digit code from your authenticator app, or a recovery code.')).toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(localStorage.length).toBeGreaterThan(0));
    expect(requests.map((r) => r.body)).toEqual([
      { username: 'amira', password: 'a long and careful passphrase' },
      { username: 'amira', password: 'a long and careful passphrase', code: '654321' },
    ]);
  });
});

/** Sign-in with two-factor (issue 17): the code is asked for only after a right password. */
import { screen, waitFor } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { accountAnswer, list, mockApi } from '@/testing/mock-api';
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

  it.each([
    ['en', 'Forgot password?', /^Ask an owner of the back office: they reset your password from the Team page/],
    ['ar', 'نسيت كلمة المرور؟', /^اطلب ذلك من أحد مالكي لوحة الإدارة/],
  ] as const)('says to ask an owner when the password is forgotten (%s)', async (language, button, help) => {
    await i18n.changeLanguage(language);
    mockApi({});
    const { user } = renderApp(null, { url: '/login', signedIn: false });
    await user.click(await screen.findByRole('button', { name: button }));
    expect(screen.getByText(help)).toBeVisible();
  });

  it('lands those who do not publish on Today: the desk', async () => {
    mockApi({
      'POST /authenticate': () => [200, { responseBody: { token: 'tok', expiresAt: '2026-11-24T00:00:00Z' }, message: 'Successfully logged in' }],
      'GET /account': () => accountAnswer('enquiries', 'desk'),
      'GET /contact-us': () => [200, list([])],
    });
    const { user, router } = renderApp(null, { url: '/login', signedIn: false });
    await user.type(await screen.findByLabelText('User name'), 'desk');
    await user.type(screen.getByLabelText('Password'), 'a long and careful passphrase');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
  });
});

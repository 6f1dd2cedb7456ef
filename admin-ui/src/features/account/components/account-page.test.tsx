/** The own account (issue 17): password, two-factor enrolment, sessions, and the one-time password gate. */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Account, AccountSession } from '../types';

const account: Account = { username: 'amira', totpEnabled: false, mustChangePassword: false, totpRequired: false };
const sessions: AccountSession[] = [
  { id: 3, created_at: '2026-11-23T08:00:00Z', last_seen_at: '2026-11-23T09:00:00Z', address: '10.0.0.5', user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Chrome/130.0 Safari/537.36', current: true },
  { id: 7, created_at: '2026-11-22T08:00:00Z', last_seen_at: '2026-11-22T10:00:00Z', address: '203.0.113.9', user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile Safari/604.1', current: false },
];
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkm-np${i}${i}`);

function api(overrides: Partial<Account> = {}) {
  return mockApi({
    'GET /account': () => [200, { responseBody: [{ ...account, ...overrides }] }],
    'GET /account/sessions': () => [200, list(sessions)],
    'POST /account/totp/setup': (r) =>
      (r.body as { password: string }).password === 'quiet harbour lanterns'
        ? [200, { responseBody: [{ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: svg }] }]
        : [400, { message: 'The current password is not correct.', errors: { password: 'The current password is not correct.' } }],
    'POST /account/totp/enable': (r) =>
      (r.body as { code: string }).code === '123456'
        ? [200, { responseBody: [{ recovery_codes: codes }], message: 'Two-factor sign-in is on.' }]
        : [400, { message: 'That code is not valid, or it has already been used.', errors: { code: 'That code is not valid, or it has already been used.' } }],
    'DELETE /account/sessions/7': () => [200, { responseBody: { id: 7 }, message: 'Session ended.' }],
    'PUT /account/password': () => [400, { message: 'The current password is not correct.', errors: { current_password: 'The current password is not correct.' } }],
  });
}

/** The two-factor card (the page's password card is labelled “Password” too). */
const twoFactor = () => within(screen.getByRole('region', { name: 'Two-factor sign-in' }));

describe('account page', () => {
  it('asks for the password before setting up two-factor, and shows the server’s reason under the field', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(screen.getByText(/so that someone holding only your open session cannot link their own device/)).toBeInTheDocument();
    const password = twoFactor().getByLabelText('Password');
    expect(password).toHaveFocus();
    expect(requests.some((r) => r.path === '/account/totp/setup')).toBe(false);

    await user.type(password, 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The current password is not correct.', { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(twoFactor().queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set up two-factor sign-in' })).toHaveFocus();
    expect(requests.filter((r) => r.path === '/account/totp/setup').map((r) => r.body)).toEqual([{ password: 'wrong one' }]);
  });

  it('enrols two-factor with the password, the QR code as an image, the typed key and a code, then shows the ten recovery codes once', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(twoFactor().getByLabelText('Password'), 'quiet harbour lanterns');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(qr.closest('.account__enrol')).toHaveFocus();
    expect(document.querySelector('svg rect[width="10"]')).toBeNull();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not valid, or it has already been used.', { selector: '.field__error, [id$="-error"]' })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Code from the app' }));
    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const shown = await screen.findByTestId('recovery-codes');
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    expect(requests.filter((r) => r.path === '/account/totp/setup').map((r) => r.body)).toEqual([{ password: 'quiet harbour lanterns' }]);
    expect(requests.filter((r) => r.path === '/account/totp/enable').map((r) => r.body)).toEqual([{ code: '000000' }, { code: '123456' }]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('lists sessions with browser, address and times, and ends another one', async () => {
    const { requests } = api();
    const { user } = renderApp(null, { url: '/account' });
    const rows = await screen.findAllByTestId('session');
    expect(rows[0]).toHaveTextContent('Chrome · macOS');
    expect(rows[0]).toHaveTextContent('This session');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari · iOS');
    await user.click(within(rows[1]).getByRole('button', { name: 'End the session from 203.0.113.9' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path === '/account/sessions/7')).toBe(true));
  });

  it('shows the server’s reason beside the password field', async () => {
    api();
    const { user } = renderApp(null, { url: '/account' });
    await user.type(await screen.findByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'quiet harbour lanterns');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it('keeps an administrator with a one-time password on the account page, with only the password form', async () => {
    api({ mustChangePassword: true });
    const { router } = renderApp(null, { url: '/blogs' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText(/You signed in with a one-time password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    api();
    renderApp(null, { url: '/account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'حسابي' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'إعداد التحقق بخطوتين' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

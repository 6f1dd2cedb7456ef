import { ADMIN_PASSWORD, ADMIN_USER } from './support/env';
import { expect, test } from './support/fixtures';
import { expectToast } from './support/ui';

test.describe('signing in and out', () => {
  test('every admin route without a token redirects to the login page', async ({ page }) => {
    for (const path of ['/admin', '/admin/blogs', '/admin/addblog/3', '/admin/contactusdashboard', '/admin/nowhere']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
    }
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('the login form checks its fields, shows the password on request and explains password resets', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter the user name', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter the password', { exact: true })).toBeVisible();
    await page.getByLabel('User name', { exact: true }).fill('someone');
    await expect(page.getByText('Please enter the user name', { exact: true })).toHaveCount(0);

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText(/^Ask an owner of the back office/)).toBeVisible();
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('User name', { exact: true }).fill(ADMIN_USER);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    // The server's message is the toast.
    await expectToast(page, 'Invalid username or password.');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('concierge.admin.token'))).toBeNull();
  });

  test('the right password signs in, lands on Blogs, and Logout ends the session', async ({ page, server }) => {
    await page.goto('/admin/login');
    await page.getByLabel('User name', { exact: true }).fill(ADMIN_USER);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Successfully logged in');
    await expect(page).toHaveURL(/\/admin\/blogs$/);
    await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('concierge.admin.token'));
    expect(token).toBeTruthy();

    const logout = page.waitForRequest((request) => request.url().endsWith('/api/v1/logout') && request.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).click();
    await logout;
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('concierge.admin.token'))).toBeNull();

    // The token no longer works on the server either.
    const response = await fetch(`${server.baseURL}/api/v1/publish/status`, {
      headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });

  test('a 401 from the API anywhere ends the session', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('concierge.admin.token', 'revoked-or-made-up-token');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/admin/subscription');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('concierge.admin.token'))).toBeNull();
  });
});

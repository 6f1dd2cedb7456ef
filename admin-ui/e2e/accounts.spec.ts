/**
 * Administrator accounts (issue 17), in both languages: add an administrator, sign in as them,
 * change the one-time password, enrol two-factor (their password first; the test computes the
 * code from the key the page shows), sign out and in with a code, end another session, have the
 * owner turn their two-factor off (their session ends; the password alone signs in again), and
 * read the audit log.
 */
import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, unique } from './support/fixtures';

/** RFC 6238 (SHA-1, 30 s, six digits) for a base32 key, `steps` steps from now. */
function totp(secret: string, steps = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/\s/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000 / 30) + steps));
  const hash = createHmac('sha1', key).update(counter).digest();
  const offset = hash[hash.length - 1] & 0x0f;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}

const words = {
  en: {
    add: 'Add administrator', username: 'User name', oneTime: 'One-time password', submit: 'Submit', login: 'Login',
    password: 'Password', current: 'Current password', newPassword: 'New password', change: 'Change password',
    setUp: 'Set up two-factor sign-in', appCode: 'Code from the app', turnOn: 'Turn on', saved: 'I have saved them',
    code: 'Authentication code', logout: 'Logout', end: /^End the session from/, audit: 'Audit log', who: 'Who', filter: 'Filter',
    signedIn: 'Signed in', enrolled: 'Turned on two-factor', changed: 'Changed password', thisSession: 'This session',
    twoFactor: 'Two-factor sign-in', continue: 'Continue', wrongPassword: 'The current password is not correct.',
    actionsFor: (n: string) => `Actions for ${n}`, totpOff: 'Turn off two-factor', totpOffTitle: 'Turn off two-factor sign-in?',
    updated: 'Administrator updated.', off: 'Off', reset: 'Turned off an administrator’s two-factor', administrator: 'Administrator', what: 'What',
  },
  ar: {
    add: 'إضافة مسؤول', username: 'اسم المستخدم', oneTime: 'كلمة مرور مؤقتة', submit: 'إرسال', login: 'دخول',
    password: 'كلمة المرور', current: 'كلمة المرور الحالية', newPassword: 'كلمة المرور الجديدة', change: 'تغيير كلمة المرور',
    setUp: 'إعداد التحقق بخطوتين', appCode: 'الرمز من التطبيق', turnOn: 'تفعيل', saved: 'لقد حفظتها',
    code: 'رمز التحقق', logout: 'تسجيل الخروج', end: /^إنهاء الجلسة من/, audit: 'سجل التدقيق', who: 'من', filter: 'تصفية',
    signedIn: 'سجّل الدخول', enrolled: 'فعّل التحقق بخطوتين', changed: 'غيّر كلمة المرور', thisSession: 'هذه الجلسة',
    twoFactor: 'التحقق بخطوتين', continue: 'متابعة', wrongPassword: 'كلمة المرور الحالية غير صحيحة.',
    actionsFor: (n: string) => `إجراءات ${n}`, totpOff: 'إيقاف التحقق بخطوتين', totpOffTitle: 'إيقاف التحقق بخطوتين؟',
    updated: 'تم تحديث المسؤول.', off: 'غير مفعّل', reset: 'أوقف التحقق بخطوتين لمسؤول', administrator: 'المسؤول', what: 'ماذا',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  const w = words[language];
  test(`an administrator joins the team, secures their account and shows in the audit log (${language})`, async ({ adminPage, browser, server }) => {
    test.setTimeout(120_000);
    const name = unique(`noor-${language}`).replace(/\s/g, '-');
    const oneTime = 'one-time pass for now';
    const chosen = 'quiet harbour lanterns at dusk';
    await adminPage.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);

    // An administrator adds them with a one-time password.
    await adminPage.goto('/admin/team');
    await adminPage.getByRole('button', { name: w.add }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel(w.username, { exact: true }).fill(name);
    await dialog.getByLabel(w.oneTime, { exact: true }).fill(oneTime);
    await dialog.getByRole('button', { name: w.submit }).click();
    await expect(adminPage.locator('table.table tbody tr').filter({ hasText: name })).toBeVisible();
    await expectAccessible(adminPage, 'team');

    // They sign in and are kept on their account page until they choose their own password.
    const context = await browser.newContext({ baseURL: server.baseURL, locale: language === 'ar' ? 'ar' : 'en-GB' });
    await context.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
    const page = await context.newPage();
    const signIn = async (password: string, code?: () => string) => {
      await page.goto('/admin/login');
      await page.getByLabel(w.username, { exact: true }).fill(name);
      await page.getByLabel(w.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: w.login }).click();
      if (code) {
        await page.getByLabel(w.code, { exact: true }).fill(code());
        await page.getByRole('button', { name: w.login }).click();
      }
    };
    await signIn(oneTime);
    await expect(page).toHaveURL(/\/admin\/account$/);
    await page.getByLabel(w.current, { exact: true }).fill(oneTime);
    await page.getByLabel(w.newPassword, { exact: true }).fill(chosen);
    await page.getByRole('button', { name: w.change }).click();

    // Two-factor: the password first (a wrong one is said under the field), then the QR code
    // and the typed key; the code is computed from the key.
    await page.getByRole('button', { name: w.setUp }).click();
    const card = page.getByRole('region', { name: w.twoFactor });
    await card.getByLabel(w.password, { exact: true }).fill('not the password at all');
    await card.getByRole('button', { name: w.continue }).click();
    await expect(card.locator('.field__error')).toHaveText(w.wrongPassword);
    await expectAccessible(page, 'enrolment password');
    await card.getByLabel(w.password, { exact: true }).fill(chosen);
    await card.getByRole('button', { name: w.continue }).click();
    await expect(page.locator('img.account__qr')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'enrolment');
    await page.getByLabel(w.appCode, { exact: true }).fill(totp(secret));
    await page.getByRole('button', { name: w.turnOn }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())!.trim();
    await page.getByRole('button', { name: w.saved }).click();

    // Out, and in again with a code (the next step's: the enrolment used this one).
    await page.getByRole('button', { name: w.logout }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(chosen, () => totp(secret, 1));
    await expect(page).not.toHaveURL(/\/admin\/login$/);

    // Another session (a recovery code, from elsewhere) shows on the account page and is ended.
    const other = await fetch(`${server.baseURL}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json', 'user-agent': 'Elsewhere/1.0' },
      body: JSON.stringify({ username: name, password: chosen, code: recovery }),
    });
    expect(other.status).toBe(200);
    const otherToken = ((await other.json()) as { responseBody: { token: string } }).responseBody.token;
    await page.goto('/admin/account');
    await expect(page.getByTestId('session')).toHaveCount(2);
    await expect(page.getByTestId('session').first()).toContainText(w.thisSession);
    await expectAccessible(page, 'account');
    await page.getByRole('button', { name: w.end }).click();
    await expect(page.getByTestId('session')).toHaveCount(1);
    const refused = await fetch(`${server.baseURL}/api/v1/account`, {
      headers: { 'x-api-key': server.apiKey, authorization: `Bearer ${otherToken}` },
    });
    expect(refused.status).toBe(401);

    // The owner turns their two-factor off (a lost phone): their session ends, and the password
    // alone signs them in again.
    await adminPage.goto('/admin/team');
    const row = adminPage.locator('table.table tbody tr').filter({ hasText: name });
    await row.getByRole('button', { name: w.actionsFor(name) }).click();
    await adminPage.getByRole('menuitem', { name: w.totpOff }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: w.totpOffTitle });
    await expect(confirm).toContainText(name);
    await expectAccessible(adminPage, 'turn off two-factor');
    await confirm.getByRole('button', { name: w.totpOff }).click();
    await expect(adminPage.locator('[data-sonner-toast]').filter({ hasText: w.updated })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText(w.off);
    await page.goto('/admin/account');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(chosen);
    await expect(page).toHaveURL(/\/admin\/(?!login)/);
    await context.close();

    // The audit log tells the story.
    await adminPage.goto('/admin/audit');
    await adminPage.getByLabel(w.who, { exact: true }).fill(name);
    await adminPage.getByRole('button', { name: w.filter }).click();
    const rows = adminPage.locator('table.table tbody tr');
    await expect(rows.filter({ hasText: w.enrolled })).toHaveCount(1);
    await expect(rows.filter({ hasText: w.changed })).toHaveCount(1);
    await expect(rows.filter({ hasText: w.signedIn }).first()).toBeVisible();
    await expectAccessible(adminPage, 'audit');

    // The reset is the owner's: find it by action, on the administrator it was about, named.
    await adminPage.getByLabel(w.who, { exact: true }).fill('');
    // The select's name is its label and its chosen option (“What Any action”).
    await adminPage.getByRole('combobox', { name: new RegExp(`^${w.what}`) }).selectOption({ label: w.reset });
    await adminPage.getByRole('button', { name: w.filter }).click();
    await expect(rows.filter({ hasText: `${w.administrator}: ${name}` }).filter({ hasText: w.reset })).toHaveCount(1);
  });
}

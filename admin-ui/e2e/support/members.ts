/** Members of the team with a role, added by the owner, and a browser signed in as one of them. */
import { expect, type Browser, type Page } from '@playwright/test';
import { unique, type Api } from './fixtures';

export type Language = 'en' | 'ar';
export type Member = { username: string; password: string };

const login = {
  en: { username: 'User name', password: 'Password', login: 'Login' },
  ar: { username: 'اسم المستخدم', password: 'كلمة المرور', login: 'دخول' },
} as const;

/**
 * An administrator with `role`, added by the owner with a one-time password, who has then chosen
 * their own (through the API: the accounts spec covers that page), so the back office opens.
 */
export async function addMember(api: Api, role: string): Promise<Member> {
  const username = unique(role).replace(/\s/g, '-');
  const oneTime = 'one-time pass for now';
  const password = 'quiet harbour lanterns at dusk';
  const created = await api.call('POST', '/admin-users', { username, password: oneTime, role });
  if (created.status !== 201 && created.status !== 200) throw new Error(`POST /admin-users: ${created.status} ${JSON.stringify(created.json)}`);
  const { baseURL, apiKey } = api.server;
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const signedIn = await fetch(`${baseURL}/api/v1/authenticate`, { method: 'POST', headers, body: JSON.stringify({ username, password: oneTime }) });
  const token = ((await signedIn.json()) as { responseBody?: { token?: string } }).responseBody?.token;
  if (!token) throw new Error(`${username} could not sign in with the one-time password: ${signedIn.status}`);
  const changed = await fetch(`${baseURL}/api/v1/account/password`, {
    method: 'PUT',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({ current_password: oneTime, new_password: password }),
  });
  if (!changed.ok) throw new Error(`${username} could not choose a password: ${changed.status} ${await changed.text()}`);
  return { username, password };
}

/** A fresh browser in `language`, signed in as `member` through the login page. */
export async function signInAs(browser: Browser, baseURL: string, language: Language, member: Member): Promise<Page> {
  const w = login[language];
  const context = await browser.newContext({ baseURL, locale: language === 'ar' ? 'ar' : 'en-GB', timezoneId: 'Asia/Dubai', acceptDownloads: true });
  await context.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel(w.username, { exact: true }).fill(member.username);
  await page.getByLabel(w.password, { exact: true }).fill(member.password);
  await page.getByRole('button', { name: w.login }).click();
  return page;
}

/**
 * The lines the audit log holds of operations refused to `member`: a session that does its job
 * asks for nothing its role may not have (ARCHITECTURE.md, "Review and translation"), so none,
 * the screens that are not theirs included (they say so without asking the API).
 */
export async function expectNoRefusals(api: Api, member: Member): Promise<void> {
  const query = new URLSearchParams({ action: 'denied', actor: member.username, page: '1', size: '50' });
  const { status, json } = await api.call<{ responseBody: { result: unknown[] } }>('GET', `/audit?${query}`);
  expect(status).toBe(200);
  expect(json.responseBody.result, `refused to ${member.username}`).toEqual([]);
}

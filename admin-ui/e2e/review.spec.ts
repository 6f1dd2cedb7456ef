/**
 * Review (ARCHITECTURE.md, "Review and translation"), in English and Arabic: a contributor submits
 * their draft blog for review with a note; the editor's menu counts it without a reload; the
 * editor reads it on "Waiting for review" (who, when, the note, what it changes) and returns it
 * with a note; the contributor reads the note on the form and submits it again; the editor
 * publishes it from the queue and it is on the site. Two editors have one blog open: when one
 * saves, the other's form says so within 2 seconds, naming what changed, before their own save.
 * Nobody is refused anything on the way. With
 * `E2E_SCREENSHOTS` naming a folder, the queue and the form are photographed at 1440 and 375 px.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique, type Api } from './support/fixtures';
import { addMember, expectNoRefusals, signInAs, type Member } from './support/members';
import { expectAccessible, expectToast, photograph } from './support/ui';

const words = {
  en: {
    menu: 'Main menu', queue: 'Waiting for review', submit: 'Submit for review', note: 'Note for the editor',
    submitted: 'Submitted for review: the editors have been told.', waiting: 'Waiting for review: submitted by',
    returnNote: 'Return with a note', whatChanges: 'What needs to change', returned: 'Returned to its author with your note.',
    returnedBy: 'Returned by', publish: 'Publish now', published: 'Published', nothing: 'Nothing is waiting for review.',
    count: (n: number) => `${n} waiting for review`, title: 'Title', createdBy: 'Created by',
    mine: 'Your drafts and changes', savedBy: (name: string) => `${name} saved this at`, alsoEditing: (name: string) => `${name} is also editing this`, titleChanged: 'Title changed', submitForm: 'Submit',
  },
  ar: {
    menu: 'القائمة الرئيسية', queue: 'بانتظار المراجعة', submit: 'إرسال للمراجعة', note: 'ملاحظة للمحرر',
    submitted: 'أُرسل للمراجعة، وتم إبلاغ المحررين.', waiting: 'بانتظار المراجعة: أرسله',
    returnNote: 'إعادة مع ملاحظة', whatChanges: 'ما الذي يجب تغييره', returned: 'أُعيد إلى كاتبه مع ملاحظتك.',
    returnedBy: 'أعاده', publish: 'نشر الآن', published: 'تم النشر', nothing: 'لا شيء بانتظار المراجعة.',
    count: (n: number) => `${n} بانتظار المراجعة`, title: 'العنوان', createdBy: 'أنشأه',
    mine: 'مسوداتك وتغييراتك', savedBy: (name: string) => `حفظ ${name} هذا العنصر في`, alsoEditing: (name: string) => `${name} يحرّر هذا أيضًا`, titleChanged: 'تغيّر العنوان', submitForm: 'إرسال',
  },
} as const;

type Words = (typeof words)['en' | 'ar'];


/** A draft blog made by `member` (through the API, as their own save would make it). */
async function draftBy(api: Api, member: Member, name: string): Promise<{ id: number; slug: string }> {
  const { baseURL, apiKey } = api.server;
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const signedIn = await fetch(`${baseURL}/api/v1/authenticate`, { method: 'POST', headers, body: JSON.stringify(member) });
  const token = ((await signedIn.json()) as { responseBody: { token: string } }).responseBody.token;
  const created = await fetch(`${baseURL}/api/v1/blog`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name,
      name_ar: 'موسم لندن',
      display_order: -730,
      image_url: '/media/x.png',
      description: '<p>Ascot, Wimbledon and the Proms, arranged from one telephone call.</p>',
    }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { responseBody: { id: number; slug: string }[] }).responseBody[0];
}

const reviewCount = (page: Page) => page.getByTestId('count-review');

async function openQueue(page: Page, w: Words): Promise<void> {
  await page.getByRole('complementary', { name: w.menu }).getByRole('link', { name: new RegExp(`^${w.queue}`) }).click();
  await expect(page).toHaveURL(/\/admin\/review$/);
  await expect(page.getByRole('heading', { level: 1, name: w.queue })).toBeVisible();
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`a contributor's blog is submitted, returned with a note, submitted again and published (${language})`, async ({ api, browser, server }) => {
    // Two hand-offs each way, each counted in the menu within its refresh.
    test.setTimeout(120_000);
    // The queue starts empty: another test's items would count too.
    const waiting = await api.call<{ responseBody: { result: { kind: string; id: number }[] } }>('GET', '/review');
    for (const item of waiting.json.responseBody.result) await api.call('POST', `/content/${item.kind}/${item.id}/publish`, {});

    const contributor = await addMember(api, 'contributor');
    const editor = await addMember(api, 'editor');
    const name = unique(`A London season ${language}`);
    const blog = await draftBy(api, contributor, name);

    const editing = await signInAs(browser, server.baseURL, language, editor);
    await expect(editing).toHaveURL(/\/admin\/blogs$/);
    await expect(reviewCount(editing)).toHaveCount(0);

    // The contributor submits it with a note.
    const writing = await signInAs(browser, server.baseURL, language, contributor);
    await expect(writing).toHaveURL(/\/admin\/today$/);
    await writing.goto(`/admin/addblog/${blog.id}`);
    await expect(writing.getByText(`${w.createdBy} ${contributor.username}`)).toBeVisible();
    await writing.getByRole('button', { name: w.submit }).click();
    const asking = writing.getByRole('dialog', { name: w.submit });
    await asking.getByLabel(w.note).fill('Ready for Friday’s letter; the photographs are final.');
    await expectAccessible(writing, 'the submit dialog');
    await asking.getByRole('button', { name: w.submit }).click();
    await expectToast(writing, w.submitted);
    await expect(writing.getByRole('note').filter({ hasText: w.waiting })).toContainText('the photographs are final');
    await expect(writing.getByRole('button', { name: w.submit })).toHaveCount(0);

    // The editor's menu counts it without a reload.
    await expect(reviewCount(editing)).toHaveText(/^1/, { timeout: 20_000 });
    await expect(reviewCount(editing)).toContainText(w.count(1));
    await openQueue(editing, w);
    const item = editing.getByRole('listitem').filter({ has: editing.getByRole('heading', { level: 2, name }) });
    await expect(item).toContainText(contributor.username);
    await expect(item).toContainText('the photographs are final');
    await expect(item.getByRole('rowheader', { name: w.title, exact: true })).toBeVisible();
    await expectAccessible(editing, 'the review queue');
    await photograph(editing, `admin-review-${language}`, true);

    // Returned with a note: the contributor reads it on the form.
    await item.getByRole('button', { name: w.returnNote }).click();
    const returning = editing.getByRole('dialog', { name: w.returnNote });
    await returning.getByRole('button', { name: w.returnNote }).click();
    await expect(returning.getByRole('alert')).toBeVisible();
    await returning.getByLabel(w.whatChanges).fill('Name the hotel in the first line, please.');
    await returning.getByRole('button', { name: w.returnNote }).click();
    await expectToast(editing, w.returned);
    await expect(editing.getByText(w.nothing)).toBeVisible();

    await writing.reload();
    const back = writing.getByRole('note').filter({ hasText: w.returnedBy });
    await expect(back).toContainText(editor.username);
    await expect(back).toContainText('Name the hotel in the first line, please.');
    await photograph(writing, `admin-review-returned-${language}`);
    // Their start page puts what came back first, with who returned it and why, and opens it.
    await writing.goto('/admin/today');
    const first = writing.getByRole('region', { name: w.mine }).getByRole('listitem').first();
    await expect(first.getByRole('link', { name })).toBeVisible();
    await expect(first).toContainText('Name the hotel in the first line, please.');
    await expectAccessible(writing, 'the start page');
    await photograph(writing, `admin-today-contributor-${language}`, true);
    await first.getByRole('link', { name }).click();
    await expect(writing).toHaveURL(new RegExp(`/admin/addblog/${blog.id}$`));
    await writing.getByRole('button', { name: w.submit }).click();
    await writing.getByRole('dialog', { name: w.submit }).getByRole('button', { name: w.submit }).click();
    await expectToast(writing, w.submitted);

    // Published from the queue, and on the site.
    await expect(reviewCount(editing)).toHaveText(/^1/, { timeout: 20_000 });
    await editing.reload();
    const again = editing.getByRole('listitem').filter({ has: editing.getByRole('heading', { level: 2, name }) });
    await again.getByRole('button', { name: w.publish }).click();
    await expectToast(editing, w.published);
    await expect(editing.getByText(w.nothing)).toBeVisible();
    await expect(reviewCount(editing)).toHaveCount(0);
    await expect
      .poll(async () => (await fetch(new URL(`/${blog.slug}/${blog.id}`, server.baseURL))).status, { message: 'the blog on the site', timeout: 20_000 })
      .toBe(200);

    await writing.context().close();
    await editing.context().close();
    await expectNoRefusals(api, contributor);
    await expectNoRefusals(api, editor);
  });
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`two editors on one blog: when one opens it or saves, the other's form says so within seconds (${language})`, async ({ api, browser, server }) => {
    const blog = await api.create<{ id: number; name: string }>('/blog', {
      name: unique(`Evenings in Jeddah ${language}`),
      name_ar: 'أمسيات في جدة',
      display_order: -740,
      image_url: '/media/x.png',
    });
    const first = await addMember(api, 'editor');
    const second = await addMember(api, 'editor');
    const reading = await signInAs(browser, server.baseURL, language, first);
    await expect(reading).toHaveURL(/\/admin\/blogs$/);
    await reading.goto(`/admin/addblog/${blog.id}`);
    await expect(reading.getByLabel(w.title, { exact: true })).toHaveValue(blog.name);
    const writing = await signInAs(browser, server.baseURL, language, second);
    await expect(writing).toHaveURL(/\/admin\/blogs$/);
    // The reading form hears from the live events that the second editor opened it, within
    // seconds of the server knowing (not at its own next call, 20 s apart).
    const present = writing.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/presence/blog/${blog.id}`));
    await writing.goto(`/admin/addblog/${blog.id}`);
    await present;
    const known = Date.now();
    await expect(reading.getByRole('status').filter({ hasText: w.alsoEditing(second.username) })).toBeVisible({ timeout: 3000 });
    expect(Date.now() - known).toBeLessThan(3000);
    await writing.getByLabel(w.title, { exact: true }).fill(`${blog.name} by the sea`);
    // The stream of the reading form is open by now (it opened with the shell).
    const saved = writing.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/v1/blog/${blog.id}`));
    await writing.getByRole('button', { name: w.submitForm, exact: true }).click();
    expect((await saved).status()).toBe(200);
    const started = Date.now();
    const note = reading.getByRole('alert').filter({ hasText: w.savedBy(second.username) });
    await expect(note).toBeVisible({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(note).toContainText(language === 'en' ? 'Title changed' : 'تغيّر العنوان');
    // The reading editor's own text is untouched until they choose.
    await expect(reading.getByLabel(w.title, { exact: true })).toHaveValue(blog.name);
    await photograph(reading, `admin-saved-elsewhere-${language}`);
    await reading.context().close();
    await writing.context().close();
    await expectNoRefusals(api, first);
    await expectNoRefusals(api, second);
  });
}

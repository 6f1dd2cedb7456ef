/**
 * Edits that never overwrite each other (ARCHITECTURE.md): two editors open the same blog; the
 * first saves a new English title, the second's Arabic title is refused for the version it read,
 * the merge dialog keeps both, and the API holds both changes.
 */
import type { Browser, Page } from '@playwright/test';
import { ADMIN_USER } from './support/env';
import { expect, test, unique } from './support/fixtures';
import { expectToast } from './support/ui';

type Blog = { id: number; name: string; name_ar: string | null; version: number };

/** A page in a browser context of its own (its own storage), signed in with `token`. */
async function editor(browser: Browser, baseURL: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((value) => window.localStorage.setItem('concierge.admin.token', value), token);
  return context.newPage();
}

test('two editors of one blog: the second merges, and both changes are kept', async ({ browser, api }) => {
  const blog = await api.create<Blog>('/blog', {
    name: unique('Shared blog'),
    display_order: -600,
    image_url: '/media/x.png',
    description: '<p>Calm and quick.</p>',
  });
  const first = await editor(browser, api.server.baseURL, api.token);
  const second = await editor(browser, api.server.baseURL, api.token);
  try {
    for (const page of [first, second]) {
      await page.goto(`/admin/addblog/${blog.id}`);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(blog.name);
    }

    // The first editor saves a new English title.
    const english = `${blog.name} (refined)`;
    await first.getByLabel('Title', { exact: true }).fill(english);
    await first.getByRole('button', { name: 'Submit' }).click();
    await expectToast(first, 'Blog updated successfully');

    // The second, still on the version it read, changes the Arabic title and saves.
    await second.getByRole('tab', { name: 'Arabic' }).click();
    await second.getByLabel('Title in Arabic', { exact: true }).fill('مدونة مشتركة');
    await second.getByRole('button', { name: 'Submit' }).click();
    const dialog = second.getByRole('dialog', { name: 'Someone else changed this' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${ADMIN_USER} saved this`);
    // Their title, by its label; taken by default since this editor did not change it.
    const title = dialog.getByRole('group', { name: 'Title', exact: true });
    await expect(title).toContainText(english);
    await expect(title.getByRole('radio', { name: /Take theirs/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save with these choices' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(second, 'Blog updated successfully');

    const { status, json } = await api.call<{ responseBody: Blog[] }>('GET', `/blog/${blog.id}`);
    expect(status).toBe(200);
    expect(json.responseBody[0]).toMatchObject({ name: english, name_ar: 'مدونة مشتركة' });
  } finally {
    await first.context().close();
    await second.context().close();
  }
});

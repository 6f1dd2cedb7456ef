import { expect, test, unique } from './support/fixtures';
import { deleteRow, findRow } from './support/ui';

test.describe('subscriptions and pagination', () => {
  test('eleven and more rows page by ten with Previous, numbered pages and Next', async ({ adminPage: page, api }) => {
    const stamp = unique('page').replace(/\s/g, '-').toLowerCase();
    for (let i = 0; i < 12; i += 1) {
      const response = await api.call('POST', '/subscription', { email: `reader${i}.${stamp}@example.com` }, false);
      expect(response.status).toBe(201);
    }
    const { totalCount } = await api.list('/subscription');
    const pages = Math.ceil(totalCount / 10);

    await page.goto('/admin/subscription');
    await expect(page.getByRole('columnheader')).toHaveText(['Email', 'Action']);
    await expect(page.locator('tbody tr')).toHaveCount(10);
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(Math.min(pages, 7));
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: `Page ${pages}` })).toBeVisible();

    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await nav.getByRole('button', { name: `Page ${pages}` }).click();
    await expect(page.locator('tbody tr')).toHaveCount(totalCount - (pages - 1) * 10);
    await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect(nav.getByRole('button', { name: `Page ${pages - 1}` })).toHaveAttribute('aria-current', 'page');
  });

  test('subscriptions can only be deleted', async ({ adminPage: page, api }) => {
    const email = `${unique('delete').replace(/\s/g, '.').toLowerCase()}@example.com`;
    await api.call('POST', '/subscription', { email }, false);
    await page.goto('/admin/subscription');
    await expect(page.getByRole('link', { name: /Add/ })).toHaveCount(0);
    const row = await findRow(page, email);
    await row.getByRole('button', { name: /^Actions for / }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Delete']);
    await page.keyboard.press('Escape');
    await deleteRow(page, email, 'Subscription deleted successfully');
  });
});

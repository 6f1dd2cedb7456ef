/** axe-core finds no serious or critical accessibility violations, in English and in Arabic. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { photograph, rowAction } from './support/ui';

async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}

for (const language of ['en', 'ar'] as const) {
  test.describe(`accessibility (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('concierge.admin.lang', lang), language);
    });

    test('the login page', async ({ page }) => {
      await page.goto('/admin/login');
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('.field__error').first()).toBeVisible();
      await expectAccessible(page, 'login with errors');
    });

    test('the start page, with every part an owner has', async ({ adminPage: page }) => {
      await page.goto('/admin/today');
      await expect(page.locator('.today__part').first()).toBeVisible();
      await expectAccessible(page, 'today');
      await photograph(page, `admin-today-owner-${language}`, true);
    });

    test('a dashboard, its details dialog and a form', async ({ adminPage: page, api }) => {
      const review = await api.create<{ title: string }>('/client-reviewes', {
        title: `Axe ${language}`, name: 'Test', description: 'Checked', display_order: -100, image_url: '/media/none.png',
      });
      await page.goto('/admin/clientreviewdashboard');
      await expect(page.locator('table.table')).toBeVisible();
      await expectAccessible(page, 'dashboard');

      await page.getByRole('button', { name: new RegExp(review.title) }).click();
      await page.getByRole('menuitem').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'details dialog');
      await page.keyboard.press('Escape');

      await page.goto('/admin/addblog');
      await page.locator('form .form__actions button.btn--primary').click();
      await expect(page.locator('.field__error').first()).toBeVisible();
      await expectAccessible(page, 'blog form with errors');
    });
  });
}

test('the delete confirmation is accessible', async ({ adminPage: page, api }) => {
  const entry = await api.create<{ name: string }>('/general-content-section', { name: 'axe.confirm', values: 'x', display_order: -100 });
  await page.goto('/admin/generalContentDashboard');
  await rowAction(page, entry.name, 'Delete');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page, 'confirmation');
});

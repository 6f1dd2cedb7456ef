/** Page helpers shared by the specs: toasts, table rows, the row menu, form fields, axe. */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A toast whose title is exactly `text`. */
export function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast] [data-title]').filter({ hasText: exact(text) });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/** The table row holding `text`, paging forward through the dashboard until it shows. */
export async function findRow(page: Page, text: string): Promise<Locator> {
  const table = page.locator('table.table');
  await expect(table).toBeVisible();
  for (let guard = 0; guard < 50; guard += 1) {
    const row = table.locator('tbody tr').filter({ hasText: text }).first();
    // The list may still be refreshing after a save: give it a moment before paging on.
    if (await row.waitFor({ timeout: 2500 }).then(() => true, () => false)) return row;
    const next = page.getByRole('button', { name: 'Next', exact: true });
    if (!(await next.isVisible()) || (await next.isDisabled())) break;
    const current = await page.locator('[aria-current="page"]').textContent();
    await next.click();
    await expect(page.locator('.pagination [aria-current="page"]')).not.toHaveText(current ?? '');
  }
  throw new Error(`no row with "${text}"`);
}

/** Opens the row menu of the row holding `text` and picks View, Edit or Delete. */
export async function rowAction(page: Page, text: string, action: 'View' | 'Edit' | 'Delete'): Promise<void> {
  const row = await findRow(page, text);
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Deletes through the confirmation dialog and checks the toast and that the row is gone. */
export async function deleteRow(page: Page, text: string, message: string): Promise<void> {
  await rowAction(page, text, 'Delete');
  const dialog = page.getByRole('alertdialog', { name: 'Are You Sure to Delete?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, message);
  await expect(dialog).toBeHidden();
  await expect(page.locator('table.table tbody tr').filter({ hasText: text })).toHaveCount(0);
}

/** Confirms leaving a form whose changes are not saved (it asks first). */
export async function leaveUnsaved(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(dialog).toBeHidden();
}

/** The inline error under the field labelled `label`. */
export function fieldError(page: Page, label: string | RegExp): Locator {
  return page.locator('.field').filter({ has: page.getByText(label, { exact: typeof label === 'string' }) }).locator('.field__error');
}

/** Submits and expects the inline message (and nothing saved). */
export async function submitExpecting(page: Page, message: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.field__error', { hasText: exact(message) }).first()).toBeVisible();
}

export const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;

/** Chooses a file in the form's dropzone and checks its preview. */
export async function chooseImage(page: Page, name = 'gold.png'): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(fixture(name));
  await expect(page.getByTestId('upload-preview')).toContainText(`New file: ${name}`);
  await expect(page.getByTestId('upload-preview').locator('img')).toBeVisible();
}

/** After a save: the toast, then back on the dashboard. */
export async function expectSavedTo(page: Page, message: string, dashboard: string): Promise<void> {
  await expectToast(page, message);
  await expect(page).toHaveURL(new RegExp(`/admin${dashboard}(\\?.*)?$`));
}

/** No serious or critical axe finding (WCAG 2.1 A and AA) on the page; a toast still fading in or
 * out (the sign-in's, a save's) is checked mid-animation, so it is left out. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('[data-sonner-toaster]').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}

/**
 * The page as it stands, at 1440 and at 375 px, into the folder `E2E_SCREENSHOTS` names (nothing
 * when it is not set); back at 1440 after. The toasts fade first: the picture is of the page.
 */
export async function photograph(page: Page, name: string, fullPage = false): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  for (const [width, height] of [[1440, 900], [375, 812]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

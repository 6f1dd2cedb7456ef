import { expect, test, unique } from './support/fixtures';
import { deleteRow, expectSavedTo, expectToast, leaveUnsaved, rowAction, submitExpecting } from './support/ui';

test.describe('general content', () => {
  test('name, then value (inline "enter", toast "select"), then display order', async ({ adminPage: page }) => {
    await page.goto('/admin/addgeneralContentDashboard');
    await submitExpecting(page, 'Please enter the name');
    await expectToast(page, 'Please enter the name');
    await page.getByLabel('Name', { exact: true }).fill('site.phone');
    await submitExpecting(page, 'Please enter the value');
    await expectToast(page, 'Please select the value');
    await page.getByLabel('Value', { exact: true }).fill('+971 4 000 0000');
    // A new item starts at the next free display order; emptied, its rule speaks.
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue(/^-?\d+$/);
    await page.getByLabel('Display order', { exact: true }).fill('');
    await submitExpecting(page, 'Please enter the Display order');
    // Its back arrow returns to the General Content Dashboard (decision 5).
    await page.getByRole('link', { name: 'Back to the General Content Dashboard' }).click();
    await leaveUnsaved(page);
    await expect(page).toHaveURL(/\/admin\/generalContentDashboard$/);
  });

  test('create, view, edit and delete general content', async ({ adminPage: page }) => {
    const name = unique('site.hours');
    await page.goto('/admin/generalContentDashboard');
    await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Values', 'Status', 'Action']);
    await page.getByRole('link', { name: 'Add content' }).click();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Value', { exact: true }).fill('Open 24/7');
    await page.getByLabel('Display order', { exact: true }).fill('-5');
    await page.getByRole('tab', { name: 'Arabic' }).click();
    await page.getByLabel('Value in Arabic', { exact: true }).fill('على مدار الساعة');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'content added successfully', '/generalContentDashboard');

    await rowAction(page, name, 'View');
    const details = page.getByRole('dialog', { name: 'General Content Details' });
    await expect(details.locator('dt')).toContainText(['Name', 'Value', 'Value in Arabic', 'Display order']);
    await expect(details).toContainText('Open 24/7');
    await page.keyboard.press('Escape');

    await rowAction(page, name, 'Edit');
    await expect(page.getByLabel('Value', { exact: true })).toHaveValue('Open 24/7');
    await page.getByLabel('Value', { exact: true }).fill('Open every hour of every day');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'content updated successfully', '/generalContentDashboard');

    await deleteRow(page, name, 'General Content deleted successfully');
  });
});

import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, fieldError, rowAction } from './support/ui';

test.describe('banners', () => {
  test('create with an uploaded image, view, edit and delete a banner', async ({ adminPage: page }) => {
    const name = unique('Summer in Mayfair');
    await page.goto('/admin/bannerdashboard');
    await page.getByRole('link', { name: 'Add banner' }).click();
    await page.getByLabel('Banner name', { exact: true }).fill(name);
    await chooseImage(page, 'star.svg');
    const preview = page.getByTestId('upload-preview').locator('img');
    expect(await preview.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('300px');
    await page.getByLabel('Title', { exact: true }).fill('Summer in London');
    await page.getByLabel('Subtitle', { exact: true }).fill('Chauffeurs, tables and tickets');
    await page.getByLabel(/^Link/).fill('not a link');
    await page.getByRole('tab', { name: 'Arabic' }).click();
    await page.getByLabel('Title in Arabic', { exact: true }).fill('صيف في لندن');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The admin checks links as the server does: the message lands on the field (the English
    // tab opens again) before anything is sent.
    await expect(fieldError(page, /^Link/)).toHaveText('Link must be a web address (https://…) or a site path (/…).');
    await page.getByLabel(/^Link/).fill('https://dar-wasl.example/summer');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Banner added successfully', '/bannerdashboard');

    await rowAction(page, name, 'View');
    const details = page.getByRole('dialog', { name: 'Banner Details' });
    await expect(details).toContainText('صيف في لندن');
    await expect(details.locator('img')).toBeVisible();
    await page.keyboard.press('Escape');

    await rowAction(page, name, 'Edit');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Summer in London');
    await page.getByLabel('Subtitle', { exact: true }).fill('Every table, every ticket');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Banner updated successfully', '/bannerdashboard');

    await deleteRow(page, name, 'Banner deleted successfully');
  });
});

import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, rowAction, submitExpecting } from './support/ui';

test.describe('client reviews', () => {
  test('the review form asks for title, name, description, display order and image, in order', async ({ adminPage: page }) => {
    await page.goto('/admin/addclientreview');
    await submitExpecting(page, 'Please enter the title');
    await page.getByLabel('Title', { exact: true }).fill('Rules');
    await submitExpecting(page, 'Please enter the Name');
    await page.getByLabel('Name', { exact: true }).fill('Layla');
    await submitExpecting(page, 'Please enter the description');
    await page.getByLabel('Description', { exact: true }).fill('Lovely.');
    // A new item starts at the next free display order; emptied, its rule speaks.
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue(/^-?\d+$/);
    await page.getByLabel('Display order', { exact: true }).fill('');
    await submitExpecting(page, 'Please enter the Display order');
    await page.getByLabel('Display order', { exact: true }).fill('1');
    await submitExpecting(page, 'Please upload the Image');
  });

  test('create, view, edit and delete a client review', async ({ adminPage: page }) => {
    const title = unique('Flawless arrival');
    await page.goto('/admin/clientreviewdashboard');
    await page.getByRole('link', { name: 'Add client review' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Name', { exact: true }).fill('Noura A.');
    await page.getByLabel('Description', { exact: true }).fill('Met at the aircraft door and through in minutes.');
    await page.getByLabel('Display order', { exact: true }).fill('3');
    await chooseImage(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Client review added successfully', '/clientreviewdashboard');

    await rowAction(page, title, 'View');
    await expect(page.getByRole('dialog', { name: 'Client Review Details' })).toContainText('Noura A.');
    await page.keyboard.press('Escape');

    await rowAction(page, title, 'Edit');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Noura A.');
    await page.getByLabel('Name', { exact: true }).fill('Noura Al-Harbi');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Client updated successfully', '/clientreviewdashboard');

    await deleteRow(page, title, 'Client review deleted successfully');
  });
});

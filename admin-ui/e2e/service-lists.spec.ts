import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, expectToast, leaveUnsaved, rowAction, submitExpecting } from './support/ui';

type Service = { id: number; name: string };

test.describe('services list', () => {
  test('service, name, display order and image are asked for in order, inline and as toasts', async ({ adminPage: page, api }) => {
    await api.create('/our-services', {
      name: unique('Parent'), description: 'd', content: 'c', display_order: 500000, image_url: '/media/a.png', color: '#0B1F3A',
    });
    await page.goto('/admin/addserviceslist');
    await page.getByLabel('Select Service', { exact: true }).selectOption({ value: '' });
    await submitExpecting(page, 'Please select a service');
    await expectToast(page, 'Please select a service');
    await page.getByLabel('Select Service', { exact: true }).selectOption({ index: 1 });
    await submitExpecting(page, 'Please enter the name');
    await expectToast(page, 'Please enter the name');
    await page.getByLabel('Name', { exact: true }).fill('Rules');
    // A new item starts at the next free display order; emptied, its rule speaks.
    await expect(page.getByLabel('Display Order', { exact: true })).toHaveValue(/^-?\d+$/);
    await page.getByLabel('Display Order', { exact: true }).fill('');
    await submitExpecting(page, 'Please enter the Display order');
    await page.getByLabel('Display Order', { exact: true }).fill('1');
    await submitExpecting(page, 'Please upload an image');
    await expectToast(page, 'Please upload an image');
    await page.getByRole('link', { name: 'Back to the Services List Dashboard' }).click();
    await leaveUnsaved(page);
    await expect(page).toHaveURL(/\/admin\/serviceslist/);
  });

  test('pick a service, then create, view, edit and delete its list items', async ({ adminPage: page, api }) => {
    const service = await api.create<Service>('/our-services', {
      name: unique('Yacht Charter'), description: 'd', content: 'c', display_order: -999999, image_url: '/media/a.png', color: '#0B1F3A',
    });
    const other = await api.create<Service>('/our-services', {
      name: unique('Private Jets'), description: 'd', content: 'c', display_order: -999998, image_url: '/media/a.png', color: '#0B1F3A',
    });
    const item = unique('Sunset cruise');

    await page.goto('/admin/serviceslist');
    const picker = page.getByLabel('Select Service', { exact: true });
    await expect(picker).toHaveValue(String(service.id)); // the first service is preselected
    await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Status', 'Action']);
    await expect(page.getByText('No data available')).toBeVisible();

    await page.getByRole('link', { name: 'Add Services List' }).click();
    await expect(page.getByLabel('Select Service', { exact: true })).toHaveValue(String(service.id));
    await page.getByLabel('Name', { exact: true }).fill(item);
    await page.getByLabel('Display Order', { exact: true }).fill('1');
    await chooseImage(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Service List added successfully', '/serviceslist');

    await rowAction(page, item, 'View');
    const details = page.getByRole('dialog', { name: 'Service List Details' });
    await expect(details).toContainText('Service List Name');
    await expect(details).toContainText(item);
    await expect(details.locator('img')).toBeVisible();
    await page.keyboard.press('Escape');

    await rowAction(page, item, 'Edit');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(item);
    await expect(page.getByLabel('Select Service', { exact: true })).toHaveValue(String(service.id));
    await page.getByLabel('Select Service', { exact: true }).selectOption(String(other.id));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Services updated successfully', '/serviceslist');
    await expect(page.getByLabel('Select Service', { exact: true })).toHaveValue(String(other.id));

    await deleteRow(page, item, 'Service List deleted successfully');
    await page.getByLabel('Select Service', { exact: true }).selectOption(String(service.id));
    await expect(page.getByText('No data available')).toBeVisible();
  });
});

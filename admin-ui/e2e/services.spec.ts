import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, fieldError, findRow, rowAction, submitExpecting } from './support/ui';

test.describe('services', () => {
  test('the service form asks for title, description, content, display order, image and colour, in order', async ({ adminPage: page }) => {
    await page.goto('/admin/addservices');
    await submitExpecting(page, 'Please enter the title');
    await page.getByLabel('Title', { exact: true }).fill('Rules');
    await submitExpecting(page, 'Please enter the description');
    await page.getByLabel('Description', { exact: true }).fill('Short');
    await submitExpecting(page, 'Please enter the content');
    await page.getByLabel('Content', { exact: true }).fill('Long');
    // A new item starts at the next free display order; emptied, its rule speaks.
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue(/^-?\d+$/);
    await page.getByLabel('Display order', { exact: true }).fill('');
    await submitExpecting(page, 'Please enter the Display order');
    await page.getByLabel('Display order', { exact: true }).fill('2');
    await submitExpecting(page, 'Please upload the Image');
    await chooseImage(page, 'star.svg');
    await expect(fieldError(page, 'Image')).toHaveCount(0);
    await submitExpecting(page, 'Please enter the color code');
  });

  test('create, view, edit and delete a service', async ({ adminPage: page }) => {
    const name = unique('Chauffeur Service');
    await page.goto('/admin/servicesDashboard');
    await page.getByRole('link', { name: 'Add service' }).click();
    await page.getByLabel('Title', { exact: true }).fill(name);
    await page.getByLabel('Description', { exact: true }).fill('Discreet drivers, day and night.');
    await page.getByLabel('Content', { exact: true }).fill('Airport transfers, city hours and intercity journeys.');
    await page.getByLabel('Display order', { exact: true }).fill('-700');
    await chooseImage(page, 'star.svg');
    await page.getByLabel('Colour code', { exact: true }).fill('#0B1F3A');
    await page.getByRole('tab', { name: 'Arabic' }).click();
    await page.getByLabel('Title in Arabic', { exact: true }).fill('خدمة السائق الخاص');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Service added successfully', '/servicesDashboard');

    await rowAction(page, name, 'View');
    const details = page.getByRole('dialog', { name: 'Service Details' });
    await expect(details).toContainText('خدمة السائق الخاص');
    await expect(details).toContainText('#0B1F3A');
    await details.getByRole('button', { name: 'Close' }).click();

    await rowAction(page, name, 'Edit');
    await expect(page.getByLabel('Content', { exact: true })).toHaveValue('Airport transfers, city hours and intercity journeys.');
    await page.getByLabel('Colour code', { exact: true }).fill('#C9A227');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Service updated successfully', '/servicesDashboard');
    await expect(await findRow(page, name)).toContainText('#C9A227');

    await deleteRow(page, name, 'Service deleted successfully');
  });

  test('deleting a service that still has list items shows the server\'s message', async ({ adminPage: page, api }) => {
    const service = await api.create<{ id: number; name: string }>('/our-services', {
      name: unique('Busy service'), description: 'd', content: 'c', display_order: -600, image_url: '/media/a.png', color: '#fff',
    });
    await api.create('/list-of-services', { our_service_id: service.id, name: 'Child', display_order: 1, image_url: '/media/a.png' });
    await page.goto('/admin/servicesDashboard');
    await rowAction(page, service.name, 'Delete');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('[data-sonner-toast] [data-title]', { hasText: 'This service still has 1 service list item' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await findRow(page, service.name);
  });

  test('an Arabic admin gets every message in Arabic: its own checks and the server\'s answers', async ({ adminPage: page, api }) => {
    const service = await api.create<{ id: number; name: string }>('/our-services', {
      name: unique('Busy service'), description: 'd', content: 'c', display_order: -601, image_url: '/media/a.png', color: '#fff',
    });
    await api.create('/list-of-services', { our_service_id: service.id, name: 'Child', display_order: 1, image_url: '/media/a.png' });
    await page.goto('/admin/addservices');
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The form's own check, from the same table the server reads.
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expect(page.locator('.field__error', { hasText: 'يرجى إدخال العنوان' }).first()).toBeVisible();
    // A rule only the server can check (the service still has list items): its answer, in Arabic.
    await page.goto('/admin/servicesDashboard');
    const row = page.locator('table.table tbody tr').filter({ hasText: service.name }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `إجراءات ${service.name}` }).click();
    await page.getByRole('menuitem', { name: 'حذف' }).click();
    await page.getByRole('button', { name: 'تأكيد' }).click();
    await expect(
      page.locator('[data-sonner-toast] [data-title]', { hasText: 'لا تزال هذه الخدمة تضم عنصرًا واحدًا في قائمة الخدمات' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click();
  });
});

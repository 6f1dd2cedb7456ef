import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, expectToast, fieldError, findRow, fixture, rowAction, submitExpecting } from './support/ui';

type Blog = { id: number; name: string; name_ar: string | null; image_url: string; description: string; meta_title: string };

test.describe('blogs', () => {
  test('the blog form shows its rules in order, clears an error on edit, and refuses other file types', async ({ adminPage: page }) => {
    await page.goto('/admin/addblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Add blog' })).toBeVisible();
    await submitExpecting(page, 'Please enter the title');
    await page.getByLabel('Title', { exact: true }).fill('Rules');
    await expect(fieldError(page, 'Title')).toHaveCount(0);
    await submitExpecting(page, 'Please enter the Display order');
    await page.getByLabel('Display order', { exact: true }).fill('4');
    await submitExpecting(page, 'Please upload the Image');

    await page.locator('input[type="file"]').setInputFiles(fixture('notes.txt'));
    await expectToast(page, 'Invalid file type. Only JPG, PNG, SVG, MP4, WebM, and OGG are allowed.');
    await expect(page.getByText('Invalid file type. Only JPG, PNG, SVG, MP4, WebM, and OGG are allowed.', { exact: true }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Back to Blogs' }).click();
    await expect(page).toHaveURL(/\/admin\/blogs$/);
  });

  test('a file the server refuses stops the save with "Failed to upload image"', async ({ adminPage: page, api }) => {
    const title = unique('Never saved');
    await page.goto('/admin/addblog');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Display order', { exact: true }).fill('1');
    // Named and typed as a PNG, but its bytes are not: the server decides from the bytes (415).
    await page.locator('input[type="file"]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await expect(page.getByTestId('upload-preview')).toContainText('New file: fake.png');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Failed to upload image');
    await expect(page).toHaveURL(/\/admin\/addblog$/);
    expect((await api.list<Blog>('/blog', 1, 100)).result.some((blog) => blog.name === title)).toBe(false);
  });

  test('create with image, rich text and Arabic; preview; view; edit keeps the image; delete; the site republishes', async ({ adminPage: page, api }) => {
    const title = unique('Desert Falconry Weekend');
    const arabicTitle = 'عطلة الصقارة في الصحراء';
    await page.goto('/admin/blogs');
    await page.getByRole('link', { name: 'Add blog' }).click();
    await expect(page).toHaveURL(/\/admin\/addblog$/);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Display order', { exact: true }).fill('-900');
    await chooseImage(page, 'gold.png');
    const editor = page.getByRole('textbox', { name: 'Description', exact: true });
    await editor.click();
    await page.keyboard.type('A private falconer meets you at dawn.');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' Unforgettable.');
    await page.getByLabel('Meta title', { exact: true }).fill(`${title} | Dar Wasl`);

    await page.getByRole('tab', { name: 'Arabic' }).click();
    const arabicName = page.getByLabel('Title in Arabic', { exact: true });
    await expect(arabicName).toHaveAttribute('dir', 'rtl');
    await arabicName.fill(arabicTitle);
    await expect(page.getByRole('textbox', { name: 'Description in Arabic', exact: true })).toHaveAttribute('dir', 'rtl');
    await page.getByRole('textbox', { name: 'Description in Arabic', exact: true }).click();
    await page.keyboard.type('يلتقي بك صقّار خاص عند الفجر.');

    await page.getByRole('button', { name: 'Preview Description' }).click();
    await expect(page.getByRole('region', { name: 'Preview' })).toContainText('A private falconer meets you at dawn.');
    await page.getByRole('button', { name: 'Preview Image + Title' }).click();
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Close Preview' }).click();
    await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Blog added successfully', '/blogs');
    await expect(page.getByTestId('publish-pill')).toHaveText(/Live on the site · \d{2}:\d{2}/);

    // Published: the public API lists it, and every publish job is done.
    const listed = (await api.list<Blog>('/blog', 1, 100)).result.find((blog) => blog.name === title);
    expect(listed).toBeDefined();
    expect(listed!.name_ar).toBe(arabicTitle);
    expect(listed!.image_url).toMatch(/\/media\//);
    expect(listed!.description).toContain('<strong>');
    await expect
      .poll(async () => (await api.call<{ responseBody: { pendingJobs: number } }>('GET', '/publish/status')).json.responseBody.pendingJobs)
      .toBe(0);
    const image = await fetch(new URL(listed!.image_url, api.server.baseURL));
    expect(image.status).toBe(200);

    await rowAction(page, title, 'View');
    const details = page.getByRole('dialog', { name: 'Blog Details' });
    await expect(details).toContainText(title);
    await expect(details).toContainText(arabicTitle);
    await expect(details).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await rowAction(page, title, 'Edit');
    await expect(page).toHaveURL(new RegExp(`/admin/addblog/${listed!.id}$`));
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue('-900');
    await expect(page.getByTestId('upload-preview')).toContainText('Current file');
    const renamed = `${title} (updated)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Blog updated successfully', '/blogs');
    await findRow(page, renamed);
    const updated = (await api.call<{ responseBody: Blog[] }>('GET', `/blog/${listed!.id}`)).json.responseBody[0];
    expect(updated.image_url).toBe(listed!.image_url);

    await deleteRow(page, renamed, 'Blog deleted successfully');
  });

  test('the server\'s field errors land on their fields', async ({ adminPage: page, api }) => {
    const blog = await api.create<Blog>('/blog', { name: unique('Server rules'), display_order: 1, image_url: '/media/x.png' });
    await page.goto(`/admin/addblog/${blog.id}`);
    // The form holds no more than the table allows, and checks what the server checks; a refusal
    // only the server can make (here, answered for it) still lands on its field.
    await expect(page.getByLabel('Meta title', { exact: true })).toHaveAttribute('maxlength', '300');
    await page.route(`**/api/v1/blog/${blog.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            json: { message: 'Meta title must be at most 300 characters.', errors: { meta_title: 'Meta title must be at most 300 characters.' } },
          })
        : route.fallback(),
    );
    await page.getByLabel('Meta title', { exact: true }).fill('m'.repeat(300));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Meta title must be at most 300 characters.');
    await expect(fieldError(page, 'Meta title')).toHaveText('Meta title must be at most 300 characters.');
    await page.getByLabel('Meta title', { exact: true }).fill('fine');
    await expect(fieldError(page, 'Meta title')).toHaveCount(0);
  });

  test('the delete dialog closes on Escape without deleting', async ({ adminPage: page, api }) => {
    const blog = await api.create<Blog>('/blog', { name: unique('Kept blog'), display_order: -800, image_url: '/media/x.png' });
    await page.goto('/admin/blogs');
    await rowAction(page, blog.name, 'Delete');
    const dialog = page.getByRole('alertdialog', { name: 'Are You Sure to Delete?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await findRow(page, blog.name);
  });
});

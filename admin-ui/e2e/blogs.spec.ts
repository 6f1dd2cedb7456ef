import { expect, test, unique } from './support/fixtures';
import { chooseImage, deleteRow, expectSavedTo, expectToast, fieldError, findRow, fixture, leaveUnsaved, rowAction, submitExpecting } from './support/ui';

type Blog = { id: number; name: string; name_ar: string | null; image_url: string; description: string; meta_title: string };

test.describe('blogs', () => {
  test('the blog form shows its rules in order, clears an error on edit, and refuses other file types', async ({ adminPage: page }) => {
    await page.goto('/admin/addblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Add blog' })).toBeVisible();
    await submitExpecting(page, 'Please enter the title');
    await page.getByLabel('Title', { exact: true }).fill('Rules');
    await expect(fieldError(page, 'Title')).toHaveCount(0);
    // A new item starts at the next free display order; emptied, its rule speaks.
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue(/^-?\d+$/);
    await page.getByLabel('Display order', { exact: true }).fill('');
    await submitExpecting(page, 'Please enter the Display order');
    await page.getByLabel('Display order', { exact: true }).fill('4');
    await submitExpecting(page, 'Please upload the Image');

    await page.locator('input[type="file"]').setInputFiles(fixture('notes.txt'));
    await expectToast(page, 'Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed.');
    await expect(page.getByText('Invalid file type. Only JPG, PNG, WebP, AVIF, SVG, MP4, WebM, and OGG are allowed.', { exact: true }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Back to Blogs' }).click();
    await leaveUnsaved(page);
    await expect(page).toHaveURL(/\/admin\/blogs$/);
  });

  test('a new blog opens at the next free display order: one more than the largest', async ({ adminPage: page, api }) => {
    // Far past any order the other specs use, so that a blog they add meanwhile cannot be the largest.
    const last = await api.create<Blog>('/blog', { name: unique('Last in order'), display_order: 900_000, image_url: '/media/x.png' });
    try {
      await page.goto('/admin/addblog');
      await expect(page.getByLabel('Display order', { exact: true })).toHaveValue('900001');
    } finally {
      await api.call('DELETE', `/blog/${last.id}`);
    }
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

  test('a photo uploads with a progress bar, loses its metadata, and shows its sizes once the server has made them', async ({ adminPage: page, api }) => {
    const title = unique('Dunes at dawn');
    await page.goto('/admin/addblog');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Display order', { exact: true }).fill('-950');
    // A 1600 × 1067 JPEG carrying a camera and a GPS position (e2e/fixtures/make-dunes.py).
    await chooseImage(page, 'dunes.jpg');

    // Chromium sends it slowly enough (about 2 s) for its progress to be seen.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 48 * 1024 });
    await page.getByRole('button', { name: 'Submit' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload of dunes.jpg' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
    await expectSavedTo(page, 'Blog added successfully', '/blogs');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // Stored without its metadata.
    const saved = (await api.list<Blog>('/blog', 1, 100)).result.find((blog) => blog.name === title)!;
    const original = Buffer.from(await (await fetch(new URL(saved.image_url, api.server.baseURL))).arrayBuffer());
    expect(original.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(original.includes('Dar Wasl Test Camera')).toBe(false);

    // The table's thumbnail switches to the sizes once they are made (a few seconds).
    const row = await findRow(page, title);
    const thumb = row.locator('picture img.thumb');
    await expect(thumb).toHaveAttribute('src', /-160w\.jpe?g$/, { timeout: 20_000 });
    await expect(thumb).toHaveAttribute('srcset', /480w\.jpe?g 480w/);
    await expect(thumb).toHaveAttribute('sizes', '56px');
    await expect(thumb).toHaveAttribute('width', '1600');
    await expect(thumb).toHaveAttribute('height', '1067');
    await expect(row.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /480w\.webp 480w/);

    // The form shows the processed preview and its facts.
    await rowAction(page, title, 'Edit');
    const preview = page.getByTestId('upload-preview');
    await expect(preview).toContainText('Current file');
    const facts = preview.getByRole('list', { name: 'About this file' });
    await expect(facts).toContainText('1600 × 1067 px');
    await expect(facts).toContainText(/\d sizes, WebP and JPEG/);
    const image = preview.locator('img');
    await expect(image).toHaveAttribute('srcset', /1600w\.jpe?g 1600w/);
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Every variant it names is served.
    const listed = (await image.getAttribute('srcset'))!.split(', ').map((entry) => entry.split(' ')[0]);
    for (const url of listed) expect((await fetch(new URL(url, api.server.baseURL))).status, url).toBe(200);

    await page.getByRole('link', { name: 'Back to Blogs' }).click();
    await deleteRow(page, title, 'Blog deleted successfully');
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

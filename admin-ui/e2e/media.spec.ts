/**
 * The media library (ARCHITECTURE.md, "Media library") against the real server: an owner uploads
 * a picture on the Media page, describes it in English and Arabic and sets its focal point; a blog
 * takes it from the library; the library refuses to delete it while the blog shows it, before any
 * confirmation (naming the blog); once the blog shows another picture it goes to the trash and comes
 * back. The page in Arabic reads right to left, and on a phone a file opens as a full-screen sheet.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique, type Api } from './support/fixtures';
import { uniquePng } from './support/png';
import { expectAccessible, expectSavedTo, expectToast } from './support/ui';

type Blog = { id: number; name: string; image_url: string };
type Media = { name: string; url: string; original_name: string | null; alt: string | null; alt_ar: string | null; focal_x: number | null; focal_y: number | null; deleted_at: string | null };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A file name no other run shares (the search looks for it). */
const fileName = (label: string) => `${unique(label).replace(/\s+/g, '-').toLowerCase()}.png`;

const readMedia = async (api: Api, name: string) =>
  (await api.call<{ responseBody: Media[] }>('GET', `/media/${encodeURIComponent(name)}`)).json.responseBody[0];

/** The stored name of the file whose panel is open (`?item=<name>`). */
function openItem(page: Page): string {
  const name = new URL(page.url()).searchParams.get('item');
  if (!name) throw new Error(`no file open at ${page.url()}`);
  return name;
}

/** Uploads `name` (bytes of its own) with the Media page's Upload; its panel opens. */
async function uploadOnMediaPage(page: Page, name: string, uploaded: string): Promise<string> {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: uniquePng() });
  await expectToast(page, uploaded);
  await expect(page).toHaveURL(/[?&]item=/);
  return openItem(page);
}


test.describe('the media library', () => {
  test('upload, describe and focus a picture; a blog takes it from the library; delete is refused while shown, then allowed; bring it back', async ({ adminPage: page, api, server }) => {
    const file = fileName('Majlis at dusk');
    const blogTitle = unique('Majlis evenings');

    // Upload on the Media page: the new file opens in its panel, with no description yet.
    await page.goto('/admin/media');
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
    const stored = await uploadOnMediaPage(page, file, `Uploaded ${file}`);
    const panel = page.getByRole('complementary', { name: file });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('This picture has no description yet: blind visitors hear nothing for it.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill(file);
    const tile = page.getByRole('list', { name: 'Files' }).getByRole('button', { name: new RegExp(escape(file)) });
    await expect(tile).toHaveCount(1);
    await expect(tile).toContainText('No description');
    await expect(tile).toContainText('480 × 320 px');

    // Describe it in both languages and set its focal point: a click on the picture, then the keys.
    await panel.getByRole('textbox', { name: 'Description (English)' }).fill('Lanterns over a majlis at dusk');
    const arabic = panel.getByRole('textbox', { name: 'Description (Arabic)' });
    await expect(arabic).toHaveAttribute('dir', 'rtl');
    await expect(arabic).toHaveAttribute('lang', 'ar');
    await arabic.fill('فوانيس فوق مجلس عند الغروب');
    await expect(panel.getByText('30 of 300 characters')).toBeVisible();
    const focal = panel.getByRole('slider', { name: 'Focal point' });
    await expect(focal.locator('img')).toHaveJSProperty('complete', true);
    const box = (await focal.boundingBox())!;
    await focal.click({ position: { x: box.width * 0.25, y: box.height * 0.3 } });
    await expect(focal).toHaveAttribute('aria-valuetext', /^2[45]% across, (29|30|31)% down$/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('group', { name: 'How the site crops it' }).locator('img').first()).toHaveCSS('object-fit', 'cover');
    await expectAccessible(page, 'the media page with a file open');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Saved: every page that shows this file is being republished.');
    await expect(tile).not.toContainText('No description');
    const described = await readMedia(api, stored);
    expect(described).toMatchObject({ alt: 'Lanterns over a majlis at dusk', alt_ar: 'فوانيس فوق مجلس عند الغروب', original_name: file });
    expect(described.focal_x).toBeCloseTo(0.27, 1);
    expect(described.focal_y).toBeCloseTo(0.3, 1);

    // A new blog takes it from the library.
    await page.goto('/admin/addblog');
    await page.getByLabel('Title', { exact: true }).fill(blogTitle);
    await page.getByLabel('Display order', { exact: true }).fill('-850');
    await page.getByRole('button', { name: 'Choose from library' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from the media library' });
    // "All" is every kind of picture (images and artwork, no video).
    await expect(picker.getByRole('combobox', { name: 'Type' })).toHaveValue('');
    await picker.getByRole('searchbox', { name: 'Search' }).fill(file);
    await picker.getByRole('button', { name: new RegExp(escape(file)) }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('button', { name: 'Choose from library' })).toBeFocused();
    await expect(page.getByTestId('upload-preview')).toContainText(`From the library: ${file}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Blog added successfully', '/blogs');
    const blog = (await api.list<Blog>('/blog', 1, 100)).result.find((entry) => entry.name === blogTitle)!;
    expect(blog.image_url).toBe(described.url);

    // Deleting it is refused while the blog shows it, before any confirmation: the dialog names the
    // blog and links to it, and nothing is sent.
    await page.goto(`/admin/media?item=${encodeURIComponent(stored)}`);
    const usedIn = panel.getByRole('list', { name: 'Where it is used' });
    await expect(usedIn.getByRole('link', { name: blogTitle })).toHaveAttribute('href', `/admin/addblog/${blog.id}`);
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE') deletes.push(request.url());
    });
    await panel.getByRole('button', { name: 'Delete' }).click();
    const refused = page.getByRole('alertdialog', { name: 'This file is in use' });
    await expect(refused.getByRole('alert')).toHaveText('This file is still in use. Remove it from these items first.');
    await expect(refused.getByRole('list', { name: 'Still shown by' }).getByRole('link', { name: blogTitle })).toHaveAttribute('href', `/admin/addblog/${blog.id}`);
    await expect(refused.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    await refused.getByRole('button', { name: 'Close' }).last().click();
    await expect(refused).toBeHidden();
    expect(deletes).toEqual([]);
    expect((await readMedia(api, stored)).deleted_at).toBeNull();
    expect((await fetch(new URL(described.url, server.baseURL))).status).toBe(200);

    // The blog shows another picture (a new upload, sent on save); the first is used nowhere now.
    await page.goto(`/admin/addblog/${blog.id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(blogTitle);
    await page.locator('input[type="file"]').setInputFiles({ name: fileName('Majlis by day'), mimeType: 'image/png', buffer: uniquePng() });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'Blog updated successfully', '/blogs');

    // Now it goes to the trash: no longer served.
    await page.goto(`/admin/media?item=${encodeURIComponent(stored)}`);
    await expect(panel.getByText('Not used anywhere.')).toBeVisible();
    await panel.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this file?' });
    await expect(confirm).toContainText('goes to Deleted, where it can be brought back for 30 days.');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Moved to the trash: it can be brought back for 30 days.');
    await expect(panel).toBeHidden();
    expect((await fetch(new URL(described.url, server.baseURL))).status).toBe(404);

    // The Deleted view lists it; Bring back puts it online again, as it was.
    await page.getByRole('button', { name: 'Deleted', exact: true }).click();
    await expect(page).toHaveURL(/[?&]deleted=true/);
    await page.getByRole('searchbox', { name: 'Search' }).fill(file);
    // The search is in the address before the tile is opened (both write it).
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('list', { name: 'Deleted files' }).getByRole('button', { name: new RegExp(escape(file)) }).click();
    await expect(page).toHaveURL(/[?&]item=/);
    const trashed = page.getByRole('complementary', { name: file });
    await expect(trashed).toContainText(/Deleted on \d{2}-\d{2}-\d{4} \d{2}:\d{2}\./);
    await trashed.getByRole('button', { name: `Bring back ${file}` }).click();
    await expectToast(page, 'Brought back: the file is online again.');
    await expect(page.getByRole('list', { name: 'Deleted files' }).getByRole('button', { name: new RegExp(escape(file)) })).toHaveCount(0);
    expect((await fetch(new URL(described.url, server.baseURL))).status).toBe(200);
    expect(await readMedia(api, stored)).toMatchObject({ deleted_at: null, alt: 'Lanterns over a majlis at dusk' });
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Files' }).getByRole('button', { name: new RegExp(escape(file)) })).toHaveCount(1);
  });

  test('in Arabic the page and its panel read right to left', async ({ adminPage: page }) => {
    await page.addInitScript(() => localStorage.setItem('concierge.admin.lang', 'ar'));
    await page.goto('/admin/media');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'مكتبة الوسائط' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'مكتبة الوسائط', exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'النوع' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'بحث' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'غير المستخدمة فقط' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'المحذوفات', exact: true })).toBeVisible();

    const file = fileName('Souq lanterns');
    await uploadOnMediaPage(page, file, `تم رفع ${file}`);
    const panel = page.getByRole('complementary', { name: file });
    await expect(panel.getByRole('slider', { name: 'نقطة التركيز' })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'الوصف (بالعربية)' })).toHaveAttribute('dir', 'rtl');
    await expect(panel.getByRole('textbox', { name: 'الوصف (بالإنجليزية)' })).toHaveAttribute('dir', 'ltr');
    await expect(panel.getByRole('button', { name: 'حفظ' })).toBeVisible();
    await expectAccessible(page, 'the media page in Arabic');
  });

  test('on a phone a file opens as a full-screen sheet', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/media');
    const file = fileName('Dhow at the creek');
    await uploadOnMediaPage(page, file, `Uploaded ${file}`);
    const sheet = page.getByRole('dialog', { name: file });
    await expect(sheet).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.width)).toBe(375);
    await expect(sheet.getByRole('slider', { name: 'Focal point' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]item=/);
    // Two files a row, none wider than the screen.
    const widths = await page.getByRole('list', { name: 'Files' }).locator('.media-tile').evaluateAll((tiles) => tiles.slice(0, 2).map((t) => t.getBoundingClientRect().width));
    for (const width of widths) expect(width).toBeLessThan(375 / 2);
  });
});

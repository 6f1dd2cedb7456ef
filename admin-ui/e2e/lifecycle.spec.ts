/**
 * A seasonal campaign from the admin (issue 16): a banner saved as a draft that visitors do not
 * see, previewed in English and Arabic at a phone's width, scheduled in and out in Asia/Dubai
 * time, edited, compared with an earlier revision and restored, then published now.
 */
import { expect, test, unique } from './support/fixtures';
import { chooseImage, expectToast } from './support/ui';

/** `2030-03-30T09:00`: a `datetime-local` value `days` from now. */
function localIn(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.toISOString().slice(0, 10)}T09:00`;
}

async function publicTitles(api: { call: (m: string, p: string, b?: unknown, auth?: boolean) => Promise<{ json: unknown }> }) {
  const { json } = await api.call('GET', '/flashy-banner?size=100', undefined, false);
  return (json as { responseBody: { result: { title: string }[] } }).responseBody.result.map((b) => b.title);
}

test.describe('content lifecycle', () => {
  test('draft, preview in both languages, schedule, history and restore, publish', async ({ adminPage: page, api }) => {
    const title = unique('Eid al-Fitr');
    await page.goto('/admin/addbanner');
    await page.getByLabel('Banner name', { exact: true }).fill(title);
    await chooseImage(page, 'star.svg');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill('Across the Gulf');
    await page.getByRole('tab', { name: 'Arabic' }).click();
    await page.getByLabel('Title in Arabic', { exact: true }).fill('عيد الفطر المبارك');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expectToast(page, 'Saved as a draft: the site is unchanged until you publish.');
    await expect(page).toHaveURL(/\/admin\/bannerdashboard/);
    expect(await publicTitles(api)).not.toContain(title);

    const { json } = await api.call('GET', '/flashy-banner?size=100');
    const id = (json as { responseBody: { result: { id: number; title: string }[] } }).responseBody.result.find((b) => b.title === title)!.id;
    await page.goto(`/admin/addbanner/${id}`);
    const panel = page.getByRole('region', { name: 'Publishing' });
    await expect(panel.getByText('Draft', { exact: true })).toBeVisible();
    await expect(panel.getByRole('note')).toHaveText('No Arabic yet for: Subtitle. The Arabic page shows the English text there.');

    // Preview: the home page as it will be, in English then Arabic, on a phone.
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect(preview.frameLocator('iframe').locator('body')).toContainText(title);
    await expect(preview.frameLocator('iframe').locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await preview.getByRole('button', { name: 'Arabic' }).click();
    await expect(preview.frameLocator('iframe').locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(preview.frameLocator('iframe').locator('body')).toContainText('عيد الفطر المبارك');
    await preview.getByRole('button', { name: 'Phone' }).click();
    await expect(preview.locator('iframe')).toHaveCSS('width', '390px');
    await expect(preview.frameLocator('iframe').locator('body')).toContainText('عيد الفطر المبارك');
    await page.keyboard.press('Escape');

    // Schedule in and out (Asia/Dubai): Submit publishes on the first time.
    await expect(panel.getByText(/Times are in Asia\/Dubai \(UTC\+04:00\)/)).toBeVisible();
    await panel.getByLabel(/Publish at/).fill(localIn(3));
    await panel.getByLabel(/Take off at/).fill(localIn(6));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Banner updated successfully');
    expect(await publicTitles(api)).not.toContain(title);
    await page.goto('/admin/schedule');
    const row = page.locator('table.table tbody tr').filter({ hasText: title });
    await expect(row).toContainText('Scheduled');
    await expect(row).toContainText('09:00 (UTC+04:00)');

    // An edit, then back to the first revision through the history's comparison.
    await row.getByRole('link', { name: title }).click();
    await page.getByLabel('Subtitle', { exact: true }).fill('A mistake to undo');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expectToast(page, 'Saved as a draft: the site is unchanged until you publish.');
    await page.goto(`/admin/addbanner/${id}`);
    await panel.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    await history.getByRole('button', { name: /^Created/ }).click();
    const diff = history.getByRole('table', { name: 'This revision compared with now' });
    await expect(diff.getByRole('row', { name: /^Subtitle\s/ })).toContainText('A mistake to undo');
    await history.getByRole('button', { name: 'Restore as draft' }).click();
    await expectToast(page, 'Revision restored as a draft');
    await expect(page.getByLabel('Subtitle', { exact: true })).toHaveValue('Across the Gulf');

    await panel.getByRole('button', { name: 'Publish now' }).click();
    await expectToast(page, 'Published');
    await expect(panel.getByText('On the site', { exact: true })).toBeVisible();
    await expect.poll(() => publicTitles(api)).toContain(title);
  });

  test('in Arabic: draft, preview, schedule, the comparison, restore and publish', async ({ adminPage: page, api }) => {
    const title = unique('Ramadan nights');
    const banner = await api.create<{ id: number }>('/flashy-banner', [
      { banner_name: unique('Ramadan'), banner_url: '/media/a.png', title, title_ar: 'ليالي رمضان', status: 'draft' },
    ]);
    await page.goto(`/admin/addbanner/${banner.id}`);
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const panel = page.getByRole('region', { name: 'النشر' });
    await expect(panel.getByText('مسودة', { exact: true })).toBeVisible();

    await panel.getByRole('button', { name: 'معاينة' }).click();
    const preview = page.getByRole('dialog', { name: 'معاينة' });
    // The English page first (the dialog's default), then the Arabic one.
    await expect(preview.frameLocator('iframe').locator('body')).toContainText(title);
    await preview.getByRole('button', { name: 'العربية' }).click();
    await expect(preview.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
    await expect(preview.frameLocator('iframe').locator('body')).toContainText('ليالي رمضان');
    await page.keyboard.press('Escape');

    // Scheduled in (Asia/Dubai), with a subtitle to undo afterwards.
    await expect(panel.getByText(/الأوقات بتوقيت Asia\/Dubai \(UTC\+04:00\)/)).toBeVisible();
    await panel.getByLabel(/النشر في/).fill(localIn(2));
    await page.getByLabel('العنوان الفرعي', { exact: true }).fill('خطأ يجب التراجع عنه');
    await page.getByRole('button', { name: 'إرسال' }).click();
    await expectToast(page, 'تم تحديث اللافتة بنجاح');
    await page.goto(`/admin/addbanner/${banner.id}`);
    await expect(panel.getByText('مجدول', { exact: true })).toBeVisible();
    expect(await publicTitles(api)).not.toContain(title);

    await panel.getByRole('button', { name: 'السجل' }).click();
    const history = page.getByRole('dialog', { name: 'السجل' });
    await history.getByRole('button', { name: /أُنشئ/ }).click();
    const diff = history.getByRole('table', { name: 'هذه المراجعة مقارنة بالوضع الحالي' });
    await expect(diff.getByRole('row', { name: /^العنوان الفرعي\s/ })).toContainText('خطأ يجب التراجع عنه');
    await history.getByRole('button', { name: 'استعادة كمسودة' }).click();
    await expectToast(page, 'تمت استعادة المراجعة كمسودة');
    await expect(panel.getByText('تغييرات بانتظار النشر', { exact: true })).toBeVisible();
    await expect(page.getByLabel('العنوان الفرعي', { exact: true })).toHaveValue('');

    await panel.getByRole('button', { name: 'انشر الآن' }).click();
    await expectToast(page, 'تم النشر');
    await expect(panel.getByText('منشور على الموقع', { exact: true })).toBeVisible();
    await expect.poll(() => publicTitles(api)).toContain(title);
  });
});

/**
 * Destinations (city guides), a kind the admin knows from `GET /kinds` alone: its menu entry, list
 * and form come from the server's declaration. In English on a desktop and in Arabic on a phone,
 * an editor creates one (every required field and an uploaded image) as a draft, previews it,
 * publishes it, finds it in the list, edits it and deletes it; the form runs the rules of
 * `rules/forms.json` in their order.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique, type Api } from './support/fixtures';
import { addMember, signInAs, type Language } from './support/members';
import { fixture, submitExpecting, toast } from './support/ui';

type Destination = { id: number; name: string; name_ar: string | null; summary: string; status: string };

const words = {
  en: {
    menu: 'Main menu', openMenu: 'Open the menu', destinations: 'Destinations', add: 'Add Destination', edit: 'Edit Destination',
    back: 'Back to Destinations', name: 'Name', country: 'Country', saudiArabia: 'Saudi Arabia', summary: 'Summary',
    description: 'Description', displayOrder: 'Display order', arabicTab: 'Arabic', arabicName: 'Arabic name',
    chosen: (file: string) => `New file: ${file}`, saveDraft: 'Save as draft', savedDraft: 'Saved as a draft: the site is unchanged until you publish.',
    publishing: 'Publishing', preview: 'Preview', previewArabic: 'Arabic', publishNow: 'Publish now', published: 'Published',
    draft: 'Draft', live: 'On the site', submit: 'Submit', updated: 'Destination updated successfully',
    actionsFor: (name: string) => `Actions for ${name}`, view: 'View', editAction: 'Edit', delete: 'Delete', details: 'Destination details',
    confirmTitle: 'Are You Sure to Delete?', confirm: 'Confirm', deleted: 'Destination deleted successfully',
  },
  ar: {
    menu: 'القائمة الرئيسية', openMenu: 'فتح القائمة', destinations: 'الوجهات', add: 'إضافة وجهة', edit: 'تعديل وجهة',
    back: 'العودة إلى الوجهات', name: 'الاسم', country: 'الدولة', saudiArabia: 'المملكة العربية السعودية', summary: 'الملخص',
    description: 'الوصف', displayOrder: 'ترتيب العرض', arabicTab: 'العربية', arabicName: 'الاسم بالعربية',
    chosen: (file: string) => `الملف الجديد: ${file}`, saveDraft: 'حفظ كمسودة', savedDraft: 'حُفظت المسودة: لن يتغير الموقع حتى تنشرها.',
    publishing: 'النشر', preview: 'معاينة', previewArabic: 'العربية', publishNow: 'انشر الآن', published: 'تم النشر',
    draft: 'مسودة', live: 'منشور على الموقع', submit: 'إرسال', updated: 'تم تحديث الوجهة بنجاح',
    actionsFor: (name: string) => `إجراءات ${name}`, view: 'عرض', editAction: 'تعديل', delete: 'حذف', details: 'تفاصيل وجهة',
    confirmTitle: 'هل أنت متأكد من الحذف؟', confirm: 'تأكيد', deleted: 'تم حذف الوجهة بنجاح',
  },
} as const;

type Words = (typeof words)[Language];

/** The destinations visitors see (the public list: live ones only). */
async function publicNames(api: Api): Promise<string[]> {
  const { json } = await api.call<{ responseBody: { result: Destination[] } }>('GET', '/destinations?size=100', undefined, false);
  return json.responseBody.result.map((d) => d.name);
}

/** The list's row of `name`, once the list shows it. */
async function row(page: Page, name: string) {
  const found = page.locator('table.table tbody tr').filter({ hasText: name });
  await expect(found).toHaveCount(1);
  return found;
}

async function rowAction(page: Page, w: Words, name: string, action: string): Promise<void> {
  await (await row(page, name)).getByRole('button', { name: w.actionsFor(name) }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

test.describe('destinations', () => {
  test('the form runs the destination rules in their order', async ({ adminPage: page }) => {
    await page.goto('/admin/content/destination/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Destination' })).toBeVisible();
    await submitExpecting(page, 'Please enter the Name');
    await page.getByLabel('Name', { exact: true }).fill('Rules');
    await submitExpecting(page, 'Please choose the Country');
    await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Qatar' });
    await submitExpecting(page, 'Please enter the Summary');
    await page.getByLabel('Summary', { exact: true }).fill('Short.');
    await submitExpecting(page, 'Please enter the description');
    await page.getByRole('textbox', { name: 'Description', exact: true }).click();
    await page.keyboard.type('Long.');
    // A new item starts at the next free display order of the list.
    await expect(page.getByLabel('Display order', { exact: true })).toHaveValue(/^-?\d+$/);
    await submitExpecting(page, 'Please upload the Image');
  });

  for (const [language, width] of [['en', 'desktop'], ['ar', 'phone']] as const) {
    const w = words[language];

    test(`an editor creates, previews, publishes, edits and deletes a destination (${language}, ${width})`, async ({ api, browser, server }) => {
      const name = unique(language === 'en' ? 'Jeddah' : 'Al Ula');
      const arabicName = language === 'en' ? 'جدة التاريخية' : 'العُلا';
      const page = await signInAs(browser, server.baseURL, language, await addMember(api, 'editor'));
      if (width === 'phone') await page.setViewportSize({ width: 375, height: 812 });
      await expect(page).toHaveURL(/\/admin\/blogs$/);

      // The menu's entry, from the kind's declaration.
      if (width === 'phone') await page.getByRole('button', { name: w.openMenu }).click();
      await page.getByRole('complementary', { name: w.menu }).getByRole('link', { name: w.destinations, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/content\/destination$/);
      await expect(page.getByRole('heading', { level: 1, name: w.destinations })).toBeVisible();

      // Created as a draft with every required field and an uploaded image.
      await page.getByRole('link', { name: w.add }).click();
      await expect(page).toHaveURL(/\/admin\/content\/destination\/new$/);
      await page.getByLabel(w.name, { exact: true }).fill(name);
      await page.getByLabel(w.country, { exact: true }).selectOption({ label: w.saudiArabia });
      await page.getByLabel(w.summary, { exact: true }).fill('Coral reefs and the old town of Al-Balad.');
      await page.getByRole('textbox', { name: w.description, exact: true }).click();
      await page.keyboard.type('Coral houses, souqs and the Red Sea at dusk.');
      await expect(page.getByLabel(w.displayOrder, { exact: true })).toHaveValue(/^-?\d+$/);
      await page.getByLabel(w.displayOrder, { exact: true }).fill('-600');
      await page.locator('input[type="file"]').setInputFiles(fixture('gold.png'));
      await expect(page.getByTestId('upload-preview')).toContainText(w.chosen('gold.png'));
      await page.getByRole('tab', { name: w.arabicTab }).click();
      const arabic = page.getByLabel(w.arabicName, { exact: true });
      await expect(arabic).toHaveAttribute('dir', 'rtl');
      await arabic.fill(arabicName);
      await page.getByRole('button', { name: w.saveDraft }).click();
      await expectToast(page, w.savedDraft);
      await expect(page).toHaveURL(/\/admin\/content\/destination(\?.*)?$/);
      await expect(await row(page, name)).toContainText(w.draft);
      expect(await publicNames(api)).not.toContain(name);

      // Previewed in both languages, then published.
      await rowAction(page, w, name, w.editAction);
      await expect(page).toHaveURL(/\/admin\/content\/destination\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: w.edit })).toBeVisible();
      const panel = page.getByRole('region', { name: w.publishing });
      await panel.getByRole('button', { name: w.preview, exact: true }).click();
      const preview = page.getByRole('dialog', { name: w.preview });
      await expect(preview.frameLocator('iframe').locator('body')).toContainText(name);
      await preview.getByRole('button', { name: w.previewArabic, exact: true }).click();
      await expect(preview.frameLocator('iframe').locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(preview.frameLocator('iframe').locator('body')).toContainText(arabicName);
      await page.keyboard.press('Escape');
      await expect(preview).toBeHidden();
      await panel.getByRole('button', { name: w.publishNow }).click();
      await expectToast(page, w.published);
      await expect(panel.getByText(w.live, { exact: true })).toBeVisible();
      await expect.poll(() => publicNames(api)).toContain(name);

      // In the list: live, its country by its name, its details.
      await page.getByRole('link', { name: w.back }).click();
      const listed = await row(page, name);
      await expect(listed).toContainText(w.live);
      await expect(listed).toContainText(w.saudiArabia);
      await rowAction(page, w, name, w.view);
      const details = page.getByRole('dialog', { name: w.details });
      await expect(details).toContainText(arabicName);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      // Edited: the image it has is kept.
      await rowAction(page, w, name, w.editAction);
      await expect(page.getByLabel(w.name, { exact: true })).toHaveValue(name);
      await page.getByLabel(w.summary, { exact: true }).fill('The gateway to the Red Sea.');
      await page.getByRole('button', { name: w.submit, exact: true }).click();
      await expectToast(page, w.updated);
      await expect(page).toHaveURL(/\/admin\/content\/destination(\?.*)?$/);
      const saved = (await api.list<Destination & { image_url: string }>('/destinations', 1, 100)).result.find((d) => d.name === name)!;
      expect(saved.summary).toBe('The gateway to the Red Sea.');
      expect(saved.image_url).toMatch(/\/media\//);

      // Deleted after the confirmation: gone from the list and from the site.
      await rowAction(page, w, name, w.delete);
      const dialog = page.getByRole('alertdialog', { name: w.confirmTitle });
      await dialog.getByRole('button', { name: w.confirm }).click();
      await expectToast(page, w.deleted);
      await expect(page.locator('table.table tbody tr').filter({ hasText: name })).toHaveCount(0);
      await expect.poll(() => publicNames(api)).not.toContain(name);
      await page.context().close();
    });
  }
});

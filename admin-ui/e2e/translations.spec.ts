/**
 * Translations (ARCHITECTURE.md, "Review and translation"), in English and Arabic: a translator
 * finds a blog whose Arabic is missing on the Translations page, opens it on the Arabic tab with
 * the English beside each Arabic field, writes the Arabic and saves it for an editor, and the blog
 * leaves the list. An editor changes the English of a translated blog; the translator finds it
 * outdated, says "The Arabic is still right", and it leaves the list. Nobody is refused anything
 * on the way (no `denied` line in the audit log). With `E2E_SCREENSHOTS` naming a folder, the page
 * and the form are photographed there at 1440 and 375 px.
 */
import type { Page } from '@playwright/test';
import { expect, test, unique } from './support/fixtures';
import { addMember, expectNoRefusals, signInAs } from './support/members';
import { expectAccessible, expectToast, photograph } from './support/ui';

const words = {
  en: {
    menu: 'Main menu', translations: 'Translations', fieldsOf: (title: string) => `Fields of ${title}`, state: 'State', outdatedOption: 'Outdated',
    title: 'Title', description: 'Description', missing: 'Missing', outdated: 'Outdated', englishChanged: 'English changed on',
    arabicTab: 'Arabic', english: 'English', titleAr: 'Title in Arabic', descriptionAr: 'Description in Arabic',
    saveDraft: 'Save as draft', savedForReview: 'Saved as a draft: an editor publishes it.', submit: 'Submit',
    stillRight: 'The Arabic is still right', confirmed: 'Noted: the Arabic is still right',
  },
  ar: {
    menu: 'القائمة الرئيسية', translations: 'الترجمات', fieldsOf: (title: string) => `حقول ${title}`, state: 'الحالة', outdatedOption: 'قديمة',
    title: 'العنوان', description: 'الوصف', missing: 'ناقصة', outdated: 'قديمة', englishChanged: 'تغيّر النص الإنجليزي في',
    arabicTab: 'العربية', english: 'الإنجليزية', titleAr: 'العنوان بالعربية', descriptionAr: 'الوصف بالعربية',
    saveDraft: 'حفظ كمسودة', savedForReview: 'حُفظت المسودة: ينشرها أحد المحررين.', submit: 'إرسال',
    stillRight: 'الترجمة العربية لا تزال صحيحة', confirmed: 'تم التسجيل: الترجمة العربية لا تزال صحيحة',
  },
} as const;

type Words = (typeof words)['en' | 'ar'];


async function openTranslations(page: Page, w: Words): Promise<void> {
  await page.getByRole('complementary', { name: w.menu }).getByRole('link', { name: w.translations, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/translations$/);
  await expect(page.getByRole('heading', { level: 1, name: w.translations })).toBeVisible();
}

/** The line of `label` in the item's list of fields. */
const fieldLine = (page: Page, w: Words, item: string, label: string) =>
  page.getByRole('list', { name: w.fieldsOf(item) }).getByRole('listitem').filter({ has: page.locator('.translations__label', { hasText: new RegExp(`^${label}$`) }) });

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test.describe(`translations (${language})`, () => {
    test('a translator writes a blog’s missing Arabic beside its English, and the blog leaves the list', async ({ api, browser, server }) => {
      const blog = await api.create<{ id: number; name: string }>('/blog', {
        name: unique(`Arrivals at Riyadh ${language}`),
        display_order: -710,
        image_url: '/media/x.png',
        description: '<p>Met at the aircraft door, through the fast lane, and to the car.</p>',
      });
      const translator = await addMember(api, 'translator');
      const page = await signInAs(browser, server.baseURL, language, translator);
      await expect(page).toHaveURL(/\/admin\/today$/);
      await openTranslations(page, w);

      const item = page.getByRole('heading', { level: 3, name: blog.name });
      await expect(item).toBeVisible();
      await expect(fieldLine(page, w, blog.name, w.title)).toContainText(w.missing);
      await expect(fieldLine(page, w, blog.name, w.description)).toContainText(w.missing);
      await expect(fieldLine(page, w, blog.name, w.title).getByRole('button')).toHaveCount(0);
      await expectAccessible(page, 'translations page');
      await photograph(page, `admin-translations-${language}`);

      // The form opens on the Arabic tab, each Arabic field beside its English.
      await item.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/admin/addblog/${blog.id}$`));
      await expect(page.getByRole('tab', { name: w.arabicTab })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel', { name: w.arabicTab });
      const english = panel.getByRole('group', { name: w.english });
      await expect(english).toHaveCount(2);
      await expect(english.first()).toHaveText(`${w.english}${blog.name}`);
      await expect(english.nth(1)).toContainText('Met at the aircraft door');
      await panel.getByLabel(w.titleAr, { exact: true }).fill('الوصول إلى الرياض');
      await panel.getByRole('textbox', { name: w.descriptionAr, exact: true }).click();
      await page.keyboard.type('نلتقي بك عند باب الطائرة، ثم المسار السريع، ثم السيارة.');
      await expectAccessible(page, 'the form with the English beside the Arabic');
      await photograph(page, `admin-translations-form-${language}`, true);

      await page.getByRole('button', { name: w.saveDraft }).click();
      await expectToast(page, w.savedForReview);
      await expect(page).toHaveURL(/\/admin\/blogs$/);

      // The Arabic waits for an editor, and is no longer missing.
      await openTranslations(page, w);
      await expect(page.locator('.translations__kind, .translations__empty').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: blog.name })).toHaveCount(0);
      await page.context().close();
      await expectNoRefusals(api, translator);
    });

    test('an editor changes a translated blog’s English; the translator finds it outdated and says the Arabic is still right', async ({ api, browser, server }) => {
      const blog = await api.create<{ id: number; name: string }>('/blog', {
        name: unique(`Evenings in Jeddah ${language}`),
        name_ar: 'أمسيات في جدة',
        display_order: -720,
        image_url: '/media/x.png',
      });
      const editor = await addMember(api, 'editor');
      const editing = await signInAs(browser, server.baseURL, language, editor);
      await expect(editing).toHaveURL(/\/admin\/blogs$/);
      await editing.goto(`/admin/addblog/${blog.id}`);
      const revised = `${blog.name} by the sea`;
      await editing.getByLabel(w.title, { exact: true }).fill(revised);
      await editing.getByRole('button', { name: w.submit }).click();
      await expect(editing).toHaveURL(/\/admin\/blogs$/);
      await editing.context().close();

      const translator = await addMember(api, 'translator');
      const page = await signInAs(browser, server.baseURL, language, translator);
      await expect(page).toHaveURL(/\/admin\/today$/);
      await openTranslations(page, w);
      await page.getByLabel(w.state, { exact: true }).selectOption({ label: w.outdatedOption });
      await expect(page).toHaveURL(/\?state=outdated$/);
      const line = fieldLine(page, w, revised, w.title);
      await expect(line).toContainText(w.outdated);
      await expect(line).toContainText(w.englishChanged);
      await line.scrollIntoViewIfNeeded();
      await expectAccessible(page, 'outdated translations');
      await photograph(page, `admin-translations-outdated-${language}`);

      await line.getByRole('button', { name: w.stillRight }).click();
      await expectToast(page, w.confirmed);
      await expect(page.getByRole('heading', { level: 3, name: revised })).toHaveCount(0);
      await page.context().close();
      await expectNoRefusals(api, translator);
      await expectNoRefusals(api, editor);
    });
  });
}

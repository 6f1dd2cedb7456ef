import { expect, test } from './support/fixtures';

test.describe('the admin shell', () => {
  test('the side menu lists the start page, then every dashboard (the enquiry desk\'s two together, the media library, then the team, the review queue, the schedule, the translations, the audit log and the own account) in order and leads to each', async ({ adminPage: page }) => {
    await page.goto('/admin/blogs');
    const menu = page.getByRole('complementary', { name: 'Main menu' }).getByRole('link');
    await expect(menu).toHaveText([
      'Today',
      'Services',
      'Banner Dashboard',
      'Client Review',
      'Contact Us Dashboard',
      'Airport requests',
      'Blogs',
      'Services List Dashboard',
      'General Content Dashboard',
      // A kind the admin knows from `GET /kinds` alone, after the content dashboards.
      'Destinations',
      'Media',
      'Subscription',
      'Team',
      'Waiting for review',
      'Schedule',
      'Translations',
      'Audit log',
      'My account',
    ]);
    const targets: [string, RegExp, string][] = [
      ['Today', /\/admin\/today$/, 'Today'],
      ['Services', /\/admin\/servicesDashboard$/, 'Services'],
      ['Banner Dashboard', /\/admin\/bannerdashboard$/, 'Banner Dashboard'],
      ['Client Review', /\/admin\/clientreviewdashboard$/, 'Client Review'],
      ['Contact Us Dashboard', /\/admin\/contactusdashboard$/, 'Contact Us Dashboard'],
      ['Airport requests', /\/admin\/airportrequests$/, 'Airport requests'],
      ['Services List Dashboard', /\/admin\/serviceslist/, 'Services List Dashboard'],
      ['General Content Dashboard', /\/admin\/generalContentDashboard$/, 'General Content Dashboard'],
      ['Destinations', /\/admin\/content\/destination$/, 'Destinations'],
      ['Media', /\/admin\/media$/, 'Media'],
      ['Subscription', /\/admin\/subscription$/, 'Subscription'],
      ['Team', /\/admin\/team$/, 'Team'],
      ['Waiting for review', /\/admin\/review$/, 'Waiting for review'],
      ['Schedule', /\/admin\/schedule$/, 'Schedule and deleted items'],
      ['Translations', /\/admin\/translations$/, 'Translations'],
      ['Audit log', /\/admin\/audit$/, 'Audit log'],
      ['My account', /\/admin\/account$/, 'My account'],
      ['Blogs', /\/admin\/blogs$/, 'Blogs'],
    ];
    for (const [link, url, heading] of targets) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });

  test('an unknown admin path shows Not found inside the shell', async ({ adminPage: page }) => {
    await page.goto('/admin/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.goto('/admin/addblog/not-a-number');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  });

  test('addsubscription is a placeholder with a way back', async ({ adminPage: page }) => {
    await page.goto('/admin/addsubscription');
    await expect(page.getByRole('heading', { level: 1, name: 'Add subscription' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Subscription' }).click();
    await expect(page).toHaveURL(/\/admin\/subscription$/);
  });

  test('Arabic switches the whole admin to right to left and is remembered', async ({ adminPage: page }) => {
    await page.goto('/admin/blogs');
    await page.getByRole('button', { name: 'Switch to Arabic' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1, name: 'المدونات' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('link', { name: 'الخدمات', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'التبديل إلى الإنجليزية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  });
});

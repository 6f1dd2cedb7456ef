import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { expect, test, unique } from './support/fixtures';
import { expectSavedTo, expectToast, findRow, submitExpecting } from './support/ui';

test.describe('contact us', () => {
  test('the admin contact form asks for every field, in order', async ({ adminPage: page }) => {
    await page.goto('/admin/addcontactus');
    const steps: [string, string, string][] = [
      ['Please enter the First Name', 'First Name', 'Amira'],
      ['Please enter the last name', 'Last Name', 'Haddad'],
      ['Please enter the mobile number', 'Mobile number', '+971 50 123 4567'],
      ['Please enter the email', 'Email', 'amira@example.com'],
      ['Please enter the subject', 'Subject', 'Airport'],
      ['Please enter the message', 'Message', 'Hello'],
    ];
    for (const [message, label, value] of steps) {
      await submitExpecting(page, message);
      await page.getByLabel(label, { exact: true }).fill(value);
    }
  });

  test('file an enquiry taken by phone, open it (received with the time), its words read-only, then delete it; bad input gets the rule\'s message before anything is sent', async ({ adminPage: page }) => {
    const subject = unique('Gifting for a wedding');
    await page.goto('/admin/contactusdashboard');
    await page.getByRole('link', { name: 'Add contact' }).click();
    await page.getByLabel('First Name', { exact: true }).fill('Omar');
    await page.getByLabel('Last Name', { exact: true }).fill('Saleh');
    await page.getByLabel('Mobile number', { exact: true }).fill('12345');
    await page.getByLabel('Email', { exact: true }).fill('omar@example.com');
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Twelve bespoke hampers, please.');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The admin runs the server's own phone rule (rules/forms.json): its message, inline.
    await expect(page.locator('.field__error')).toHaveText(['Phone number should be 10 to 15 digits only.']);
    await page.getByLabel('Mobile number', { exact: true }).fill('+971 50 765 4321');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectSavedTo(page, 'contact added successfully', '/contactusdashboard');
    const row = await findRow(page, subject);
    await expect(row).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

    await row.getByRole('link', { name: 'Omar Saleh' }).click();
    const words = page.getByRole('region', { name: 'The enquiry, as sent' });
    // Kept as it can be called back: international, with its +.
    await expect(words.getByRole('link', { name: 'Call +971507654321' })).toHaveAttribute('href', 'tel:+971507654321');
    await expect(words).toContainText('Twelve bespoke hampers, please.');
    await expect(words.getByRole('textbox')).toHaveCount(0);
    await expect(page.locator('.desk-header__meta')).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Are You Sure to Delete?' }).getByRole('button', { name: 'Confirm' }).click();
    await expectSavedTo(page, 'Contact deleted successfully', '/contactusdashboard');
    await expect(page.locator('table.table tbody tr').filter({ hasText: subject })).toHaveCount(0);
  });

  test('Download Excel saves Contact_Us_List.xlsx with the Contacts sheet', async ({ adminPage: page, api }) => {
    await api.create('/contact-us', {
      first_name: 'Sara', last_name: 'Khan', email: 'sara@example.com', phone: '+44 20 7946 0958', subject: unique('Export'), message: 'Hi',
    });
    await page.goto('/admin/contactusdashboard');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Contact_Us_List.xlsx');
    await expectToast(page, 'Excel downloaded successfully!');

    const zip = await JSZip.loadAsync(await readFile((await file.path())!));
    const workbook = await zip.file('xl/workbook.xml')!.async('string');
    expect(workbook).toContain('name="Contacts"');
    const strings = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '';
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    for (const header of ['First Name', 'Last Name', 'Email', 'Phone Number', 'Date', 'Subject', 'Message']) {
      expect(strings + sheet).toContain(header);
    }
    expect(strings + sheet).toContain('sara@example.com');
  });

  test('with no enquiries in the view, Download Excel says there is nothing to download', async ({ adminPage: page }) => {
    // A search that matches nothing (the export follows the view), so no other test's rows are touched.
    const nothing = `none${Date.now().toString(36)}`;
    await page.goto(`/admin/contactusdashboard?q=${nothing}`);
    // The specification's words for an empty table, and why it is empty.
    await expect(page.getByText('No data available', { exact: true })).toBeVisible();
    await expect(page.getByText('Nothing here has this status or matches this search.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Download Excel' }).click();
    await expectToast(page, 'No data available to download');
  });
});

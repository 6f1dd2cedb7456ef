/**
 * The list of a kind the admin knows from `GET /kinds` alone (destinations): its declared columns
 * and each item's status, the details of every field, Delete as the list read the item, and Not
 * found for a name no kind of its own has.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { blogKind, destinationKind, destinationRecord, guideKind, kindsAnswer } from '@/testing/kinds';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });

const riyadh = destinationRecord();
const doha = destinationRecord({ id: 8, name: 'Doha', name_ar: null, country: 'QA', image_url: '/media/doha.jpg', display_order: 3, status: 'draft', version: 1 });

function api(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /kinds': () => kindsAnswer(blogKind, destinationKind),
    'GET /destinations': () => [200, list([riyadh, doha], 12)],
    ...routes,
  });
}

describe('the list of a declared kind', () => {
  it('shows the declared columns with each item’s status, and asks the list page by page with its filter', async () => {
    const { requests } = api();
    renderApp(null, { url: '/content/destination?status=live&q=ri' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Destinations' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Destinations' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Image', 'Name', 'Status', 'Country', 'Display order', 'Action']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('img', { name: 'Riyadh' })).toHaveAttribute('src', expect.stringContaining('/media/riyadh.jpg'));
    expect(within(first).getAllByRole('cell').map((td) => td.textContent)).toEqual(['', 'Riyadh', 'On the site', 'Saudi Arabia', '2', '']);
    expect(within(second).getAllByRole('cell').map((td) => td.textContent)).toEqual(['', 'Doha', 'Draft', 'Qatar', '3', '']);
    expect(screen.getByRole('link', { name: 'Add Destination' })).toHaveAttribute('href', '/content/destination/new');
    const asked = requests.find((r) => r.path === '/destinations');
    expect(Object.fromEntries(new URLSearchParams(asked?.search))).toEqual({ page: '1', size: '10', status: 'live', q: 'ri' });
  });

  it('names a referenced item by its name, a date as the lists write it and a colour by its code, the status after the item’s name', async () => {
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind, guideKind),
      'GET /destinations': () => [200, list([riyadh])],
      'GET /guides': () => [200, list([{ ...riyadh, id: 3, title: 'Old Riyadh', destination_id: 7, opens_on: '2027-01-15', accent: '#0B1F3A' }])],
    });
    renderApp(null, { url: '/content/guide' });
    const table = await screen.findByRole('table', { name: 'Guides' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Title', 'Status', 'Destination', 'Opens on', 'Accent colour', 'Action']);
    const row = within(table).getAllByRole('row')[1];
    await waitFor(() => expect(within(row).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Old Riyadh', 'On the site', 'Riyadh', '15-01-2027', '#0B1F3A', '']));
  });

  it('shows every field in the details, the Arabic ones right to left', async () => {
    api();
    const { user } = renderApp(null, { url: '/content/destination' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Riyadh' }));
    await user.click(screen.getByRole('menuitem', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Destination details' });
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('Country')).toHaveTextContent('Saudi Arabia');
    expect(value('Arabic name')).toHaveTextContent('الرياض');
    expect(value('Arabic name')).toHaveAttribute('dir', 'rtl');
    expect(value('Arabic name')).toHaveAttribute('lang', 'ar');
    expect(value('Description').querySelector('.prose p')).toHaveTextContent('Souqs and skyscrapers.');
    expect(value('Arabic summary')).toHaveTextContent('—');
    expect(value('Created')).toHaveTextContent('20-11-2026 14:00');
  });

  it('deletes the item as the list read it (If-Match), and says so', async () => {
    const { requests } = api({ 'DELETE /destinations/7': () => [200, { responseBody: { id: 7 } }] });
    const { user } = renderApp(null, { url: '/content/destination' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Riyadh' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('Destination deleted successfully')).toBeInTheDocument();
    const deleted = requests.find((r) => r.method === 'DELETE');
    expect(deleted?.path).toBe('/destinations/7');
    expect(deleted?.headers.get('if-match')).toBe('"4"');
  });

  it('says the kind’s own words when a delete fails without a message', async () => {
    api({ 'DELETE /destinations/7': () => [500, undefined] });
    const { user } = renderApp(null, { url: '/content/destination' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Riyadh' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await toastTitle('Error deleting Destination')).toBeInTheDocument();
  });

  it('speaks Arabic: the kind’s names, its columns and its choices as the server words them', async () => {
    await i18n.changeLanguage('ar');
    api();
    renderApp(null, { url: '/content/destination' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الوجهات' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'الوجهات' });
    expect(within(table).getAllByRole('columnheader').slice(0, 5).map((th) => th.textContent)).toEqual(['الصورة', 'الاسم', 'الحالة', 'الدولة', 'ترتيب العرض']);
    expect(within(table).getByText('المملكة العربية السعودية')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إضافة وجهة' })).toBeInTheDocument();
    // What staff wrote in English keeps its own direction in the right-to-left list.
    expect(within(table).getByText('Doha').closest('bdi')).not.toBeNull();
  });

  it.each([
    ['a kind nobody declares', '/content/nowhere'],
    ['a kind with screens of its own', '/content/blog'],
    ['the form of a kind nobody declares', '/content/nowhere/new'],
  ])('says Not found for %s', async (_what, url) => {
    const { requests } = api();
    renderApp(null, { url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.path === '/kinds')).toBe(true));
    expect(requests.some((r) => r.path === '/blog' || r.path === '/nowhere')).toBe(false);
  });
});

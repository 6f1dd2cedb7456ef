/**
 * A dashboard's delete names the version its list read (`If-Match`, issue 41): one refused because
 * the row changed since says who changed it and when, reads the list again, and deletes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';
import { clockInZone } from '../lifecycle/time-zone';

const lifecycle = { status: 'published', publish_at: null, unpublish_at: null, published_at: '2027-03-01T08:00:00Z', hasPendingChanges: false };
const blog = blogRecord({ created_at: '2027-03-01T08:00:00Z', updated_at: '2027-03-01T08:00:00Z', version: 6, ...lifecycle });

const deletes = (requests: Recorded[], path: string) => requests.filter((r) => r.method === 'DELETE' && r.path === path);
const lists = (requests: Recorded[], path: string) => requests.filter((r) => r.method === 'GET' && r.path === path);

async function deleteRow(user: ReturnType<typeof renderApp>['user'], name: string, words = { actions: 'Actions for', delete: 'Delete', confirm: 'Confirm' }) {
  await user.click(await screen.findByRole('button', { name: `${words.actions} ${name}` }));
  await user.click(screen.getByRole('menuitem', { name: words.delete }));
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: words.confirm }));
}

describe('a dashboard\'s delete', () => {
  // Each content dashboard names the version of the row it deletes.
  it.each([
    ['blogs', '/blogs', '/blog', 'Arrivals', '/blog/9'],
    ['services', '/servicesDashboard', '/our-services/display/display-order', 'Arrivals', '/our-services/9'],
    ['service lists', '/serviceslist?service=3', '/list-of-services/display-order/3', 'Arrivals', '/list-of-services/9'],
    ['client reviews', '/clientreviewdashboard', '/client-reviewes', 'Eid', '/client-reviewes/9'],
    ['banners', '/bannerdashboard', '/flashy-banner', 'Eid', '/flashy-banner/flashy-banner-delete/9'],
    ['general content', '/generalContentDashboard', '/general-content-section', 'Arrivals', '/general-content-section/9'],
  ])('%s: sends If-Match with the version the list read', async (_kind, url, listPath, name, deletePath) => {
    const row = { ...blog, banner_name: 'Eid', title: 'Eid', values: '', color: '#0B1F3A' };
    const { requests } = mockApi({
      // The service lists' parent services (the services list itself for that dashboard).
      'GET /our-services/display/display-order': () => [200, list([{ ...row, id: 3 }])],
      [`GET ${listPath}`]: () => [200, list([row])],
      [`DELETE ${deletePath}`]: () => [200, { responseBody: { id: 9 }, message: 'Deleted' }],
    });
    const { user } = renderApp(null, { url });
    await deleteRow(user, name);
    await waitFor(() => expect(deletes(requests, deletePath)).toHaveLength(1));
    expect(deletes(requests, deletePath)[0].headers.get('if-match')).toBe('"6"');
  });

  it('refused because the row changed since: says who and when, reads the list again, keeps the row', async () => {
    const at = new Date().toISOString();
    let current = blog;
    const { requests } = mockApi({
      'GET /blog': () => [200, list([current])],
      'DELETE /blog/9': () => {
        current = { ...blog, name: 'Arrivals, refined', version: 7 };
        return [
          409,
          {
            message: 'Someone else changed this since you opened it.',
            errors: {},
            conflict: { version: 7, by: 'sara', at, fields: ['name'], current },
          },
        ];
      },
    });
    const { user } = renderApp(null, { url: '/blogs' });
    await deleteRow(user, 'Arrivals');

    const words = `Not deleted: sara changed “Arrivals” at ${clockInZone(at, 'Asia/Dubai')}. The list now shows it as it is.`;
    expect(await screen.findByText(words, { selector: '[data-title]' })).toBeInTheDocument();
    expect(await screen.findByText('Arrivals, refined', { selector: '.cell-title' })).toBeInTheDocument();
    expect(lists(requests, '/blog').length).toBeGreaterThanOrEqual(2);
    expect(deletes(requests, '/blog/9')).toHaveLength(1);
  });

  it('says so in Arabic, and without a time when the server gives none', async () => {
    await i18n.changeLanguage('ar');
    mockApi({
      'GET /blog': () => [200, list([blog])],
      'DELETE /blog/9': () => [409, { message: 'x', errors: {}, conflict: { version: 7, by: null, at: null, fields: [], current: blog } }],
    });
    const { user } = renderApp(null, { url: '/blogs' });
    await deleteRow(user, 'Arrivals', { actions: 'إجراءات', delete: 'حذف', confirm: 'تأكيد' });
    const words = 'لم يُحذف: غيّر شخص آخر «Arrivals» بعد تحميل القائمة. تعرضه القائمة الآن كما هو.';
    expect(await screen.findByText(words, { selector: '[data-title]' })).toBeInTheDocument();
  });
});

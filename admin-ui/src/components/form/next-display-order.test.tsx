/**
 * A new item's display order defaults to the next free one (issue 53): one more than the largest
 * of its kind's list, 1 for an empty list; a service list item's follows the service chosen until
 * the author types one; an item being edited keeps its own.
 */
import { screen, waitFor } from '@testing-library/react';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { blogRecord } from '@/testing/records';

type Ordered = { id: number; name: string; display_order: number };

/** A list in display order, paged as the server pages it (`page`, `size`). */
function ordered(items: Ordered[]) {
  const sorted = [...items].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
  return (request: Recorded): [number, unknown] => {
    const params = new URLSearchParams(request.search);
    const size = Number(params.get('size') ?? 10);
    const page = Number(params.get('page') ?? 1);
    return [200, list(sorted.slice((page - 1) * size, page * size), sorted.length)];
  };
}

const items = (...orders: number[]) => orders.map((display_order, i) => ({ id: i + 1, name: `Item ${i + 1}`, display_order }));
const displayOrder = () => screen.findByRole('spinbutton', { name: /^Display order/i });
const services = [
  { id: 3, name: 'Airport', display_order: 1 },
  { id: 4, name: 'Yachts', display_order: 2 },
];

describe('a new item’s display order', () => {
  // [kind, form, its list in display order]
  it.each([
    ['a blog', '/addblog', '/blog'],
    ['a service', '/addservices', '/our-services/display/display-order'],
    ['a client review', '/addclientreview', '/client-reviewes/display-order'],
    ['a general content entry', '/addgeneralContentDashboard', '/general-content-section'],
    ['a service list item', '/addserviceslist?service=3', '/list-of-services/display-order/3'],
  ])('of %s is one more than the largest of its list', async (_kind, url, path) => {
    mockApi({
      'GET /our-services/display/display-order': ordered(path === '/our-services/display/display-order' ? items(4, -2, 12, 7) : services),
      [`GET ${path}`]: ordered(items(4, -2, 12, 7)),
    });
    renderApp(null, { url });
    expect(await displayOrder()).toHaveValue(13);
  });

  it('is 1 when its list is empty', async () => {
    mockApi({ 'GET /blog': ordered([]) });
    renderApp(null, { url: '/addblog' });
    expect(await displayOrder()).toHaveValue(1);
  });

  it('reads only the first page of one and the last page of one, whatever the list’s size', async () => {
    const { requests } = mockApi({ 'GET /blog': ordered(items(...Array.from({ length: 250 }, (_, i) => i * 2))) });
    renderApp(null, { url: '/addblog' });
    expect(await displayOrder()).toHaveValue(499);
    expect(requests.filter((r) => r.path === '/blog').map((r) => r.search)).toEqual(['?page=1&size=1', '?page=250&size=1']);
  });

  it('is left empty for the author when the list cannot be read', async () => {
    mockApi({ 'GET /blog': () => [503, { message: 'Unavailable', errors: {} }] });
    renderApp(null, { url: '/addblog' });
    expect(await displayOrder()).toHaveValue(null);
  });

  it('of an item being edited stays its own, and no list is read for it', async () => {
    const { requests } = mockApi({ 'GET /blog/9': () => [200, { responseBody: [blogRecord({ display_order: 5 })] }] });
    renderApp(null, { url: '/addblog/9' });
    expect(await displayOrder()).toHaveValue(5);
    expect(requests.some((r) => r.path === '/blog')).toBe(false);
  });

  it('of a service list item follows the service chosen, until the author types one', async () => {
    mockApi({
      'GET /our-services/display/display-order': ordered(services),
      'GET /list-of-services/display-order/3': ordered(items(1, 2, 3)),
      'GET /list-of-services/display-order/4': ordered(items(10, 20)),
    });
    const { user } = renderApp(null, { url: '/addserviceslist?service=3' });
    const order = await displayOrder();
    expect(order).toHaveValue(4);
    const service = screen.getByRole('combobox', { name: /^Select Service/ });
    await user.selectOptions(service, 'Yachts');
    await waitFor(() => expect(order).toHaveValue(21));
    await user.selectOptions(service, 'Airport');
    await waitFor(() => expect(order).toHaveValue(4));

    await user.clear(order);
    await user.type(order, '2');
    await user.selectOptions(service, 'Yachts');
    // Give a read of the other list the time it would take: the typed order stays.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toHaveValue(2);
  });
});

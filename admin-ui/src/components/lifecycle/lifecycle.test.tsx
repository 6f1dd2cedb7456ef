/** The content lifecycle in the admin (issue 16): drafts, schedules in a time zone, history, deleted items. */
import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { differingFields, missingArabic, standing } from './api';
import { formatInZone, offsetMinutes, utcToZoned, zonedToUtc } from './time-zone';

const banner = {
  id: 5,
  banner_name: 'Eid',
  banner_url: '/media/eid.jpg',
  image_id: '',
  title: 'Eid Mubarak',
  title_ar: null,
  sub_title: 'Across the Gulf',
  sub_title_ar: 'في أنحاء الخليج',
  web_url: '',
  created_at: '2027-03-01T08:00:00Z',
  updated_at: '2027-03-01T08:00:00Z',
  status: 'published',
  publish_at: null,
  unpublish_at: null,
  published_at: '2027-03-01T08:00:00Z',
  hasPendingChanges: false,
};

describe('time zones', () => {
  it('reads and writes schedule times in the chosen zone, with its offset', () => {
    expect(offsetMinutes('Asia/Dubai', Date.parse('2027-03-30T05:00:00Z'))).toBe(240);
    expect(zonedToUtc('2027-03-30T09:00', 'Asia/Dubai')).toBe('2027-03-30T05:00:00.000Z');
    expect(utcToZoned('2027-03-30T05:00:00Z', 'Asia/Dubai')).toBe('2027-03-30T09:00');
    // London changes its clocks: summer time is UTC+1.
    expect(zonedToUtc('2027-07-01T09:00', 'Europe/London')).toBe('2027-07-01T08:00:00.000Z');
    expect(zonedToUtc('2027-01-01T09:00', 'Europe/London')).toBe('2027-01-01T09:00:00.000Z');
    expect(formatInZone('2027-03-30T05:00:00Z', 'Asia/Kolkata')).toBe('30-03-2027 10:30 (UTC+05:30)');
    expect(zonedToUtc('', 'Asia/Dubai')).toBeNull();
  });

  it('says where an item stands and which Arabic fields are missing', () => {
    const at = Date.parse('2027-03-30T05:00:00Z');
    expect(standing({ ...banner, status: 'draft' } as never, at)).toBe('draft');
    expect(standing({ ...banner, publish_at: '2027-04-01T00:00:00Z' } as never, at)).toBe('scheduled');
    expect(standing({ ...banner, unpublish_at: '2027-03-29T00:00:00Z' } as never, at)).toBe('ended');
    expect(standing(banner as never, at)).toBe('live');
    expect(missingArabic(banner)).toEqual(['title']);
    expect(missingArabic({ description: '<p></p>', description_ar: null })).toEqual([]);
    expect(differingFields({ name: 'A', name_ar: null, updated_at: '1' }, { name: 'B', name_ar: '', updated_at: '2' })).toEqual(['name']);
  });
});

describe('lifecycle panel', () => {
  it('saves a draft beside the live version and schedules in Asia/Dubai', async () => {
    const { requests } = mockApi({
      'GET /flashy-banner/get-flashy-banner-by-id/5': () => [200, { responseBody: [banner] }],
      'PUT /flashy-banner/update-flashy-banner-by-id/5': () => [200, { responseBody: [{ ...banner, hasPendingChanges: true }], message: 'Banner updated successfully' }],
      'GET /flashy-banner': () => [200, list([banner])],
    });
    const { user } = renderApp(null, { url: '/addbanner/5' });
    expect(await screen.findByText('On the site')).toBeInTheDocument();
    // Fields by the form's labels, not their names.
    expect(screen.getByRole('note')).toHaveTextContent('No Arabic yet for: Title.');
    expect(screen.getByText(/Times are in Asia\/Dubai \(UTC\+04:00\)/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Publish at/), '2027-03-30T09:00');
    await user.type(screen.getByLabelText(/Take off at/), '2027-04-02T23:59');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Saved as a draft: the site is unchanged until you publish.')).toBeInTheDocument();
    const sent = requests.filter((r) => r.method === 'PUT').at(-1)?.body as Record<string, unknown>[];
    expect(sent[0]).toMatchObject({
      title: 'Eid Mubarak',
      status: 'draft',
      publish_at: '2027-03-30T05:00:00.000Z',
      unpublish_at: '2027-04-02T19:59:00.000Z',
    });
  });

  it('publishes now, shows the history with a field-by-field comparison, and restores', async () => {
    const pending = { ...banner, title: 'Eid Mubarak from the desk', hasPendingChanges: true };
    const { requests } = mockApi({
      'GET /flashy-banner/get-flashy-banner-by-id/5': () => [200, { responseBody: [pending] }],
      'POST /content/banner/5/publish': () => [200, { responseBody: [banner], message: 'Published' }],
      'GET /content/banner/5/revisions': () => [
        200,
        list([
          { id: 9, created_at: '2027-03-02T08:00:00Z', author: 'amira', action: 'draft', changed_fields: ['title'] },
          { id: 8, created_at: '2027-03-01T08:00:00Z', author: null, action: 'scheduled-in', changed_fields: [] },
        ]),
      ],
      'GET /content/banner/5/revisions/8': () => [
        200,
        { responseBody: [{ id: 8, created_at: '2027-03-01T08:00:00Z', author: null, action: 'scheduled-in', changed_fields: [], data: { ...banner, sub_title_ar: 'عبر الخليج' } }] },
      ],
      'POST /content/banner/5/revisions/8/restore': () => [200, { responseBody: [pending], message: 'Revision restored as a draft' }],
    });
    const { user } = renderApp(null, { url: '/addbanner/5' });
    expect(await screen.findByText('Changes pending')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(within(dialog).getByText('System (schedule)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Draft saved/ })).toHaveTextContent('Title');
    await user.click(within(dialog).getByRole('button', { name: /Published on schedule/ }));
    const table = await within(dialog).findByRole('table', { name: 'This revision compared with now' });
    const title = within(table).getByRole('rowheader', { name: 'Title' }).closest('tr') as HTMLElement;
    expect(title).toHaveTextContent('Eid Mubarak');
    expect(title).toHaveTextContent('Eid Mubarak from the desk');
    const arabic = within(table).getByRole('rowheader', { name: 'Subtitle in Arabic' }).closest('tr') as HTMLElement;
    expect(arabic.querySelector('td')).toHaveAttribute('dir', 'rtl');
    await user.click(within(dialog).getByRole('button', { name: 'Restore as draft' }));
    expect(await screen.findByText('Revision restored as a draft')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/content/banner/5/revisions/8/restore')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/content/banner/5/publish')).toBe(true));
  });

  it('lists what is scheduled and brings back what was deleted, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { requests } = mockApi({
      'GET /content/scheduled': () => [200, list([{ ...banner, kind: 'banner', publish_at: '2027-03-30T05:00:00Z' }])],
      'GET /content/deleted': () => [200, list([{ ...banner, id: 6, title: 'Ramadan nights', kind: 'banner', deleted_at: '2027-03-03T10:00:00Z' }])],
      'POST /content/banner/6/undelete': () => [200, { responseBody: [banner], message: 'تمت الاستعادة كمسودة' }],
    });
    const { user } = renderApp(null, { url: '/schedule' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الجدولة والعناصر المحذوفة' })).toBeInTheDocument();
    expect(await screen.findByText('30-03-2027 09:00 (UTC+04:00)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Eid Mubarak' }).getAttribute('href')).toMatch(/\/addbanner\/5$/);
    await user.click(await screen.findByRole('button', { name: 'استعادة' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/content/banner/6/undelete')).toBe(true));
  });
});

describe('the schedule\'s time zone', () => {
  const scheduled = { ...banner, publish_at: '2027-03-30T05:00:00Z', schedule_zone: 'Asia/Kolkata', version: 3 };
  const sentBody = (requests: { method: string; path: string; body: unknown }[]) =>
    (requests.filter((r) => r.method === 'PUT' && r.path.startsWith('/flashy-banner/')).at(-1)?.body as Record<string, unknown>[])[0];

  function api(record: object) {
    return mockApi({
      'GET /flashy-banner/get-flashy-banner-by-id/5': () => [200, { responseBody: [record] }],
      'PUT /flashy-banner/update-flashy-banner-by-id/5': () => [200, { responseBody: [record], message: 'Banner updated successfully' }],
    });
  }

  it('reopens a schedule in the zone it was entered in, and saves the zone chosen', async () => {
    // The browser's last choice is Dubai; the banner was scheduled in Kolkata time.
    localStorage.setItem('concierge.timeZone', 'Asia/Dubai');
    const { requests } = api(scheduled);
    const { user } = renderApp(null, { url: '/addbanner/5' });
    expect(await screen.findByLabelText(/Publish at/)).toHaveValue('2027-03-30T10:30');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
    expect(screen.getByText(/Times are in Asia\/Kolkata \(UTC\+05:30\)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path.startsWith('/flashy-banner/'))).toBe(true));
    expect(sentBody(requests)).toMatchObject({ publish_at: '2027-03-30T05:00:00Z', schedule_zone: 'Asia/Kolkata' });
  });

  it('shows the same instant in another zone when one is chosen, and saves it with that zone', async () => {
    const { requests } = api(scheduled);
    const { user } = renderApp(null, { url: '/addbanner/5' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Time zone' }), 'Asia/Riyadh');
    expect(screen.getByLabelText(/Publish at/)).toHaveValue('2027-03-30T08:00');
    await user.clear(screen.getByLabelText(/Publish at/));
    await user.type(screen.getByLabelText(/Publish at/), '2027-03-30T09:00');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path.startsWith('/flashy-banner/'))).toBe(true));
    expect(sentBody(requests)).toMatchObject({ publish_at: '2027-03-30T06:00:00.000Z', schedule_zone: 'Asia/Riyadh' });
  });

  it('names only a zone the admin offers: an unknown one opens in the last chosen', async () => {
    localStorage.setItem('concierge.timeZone', 'Asia/Qatar');
    const { requests } = api({ ...scheduled, schedule_zone: 'America/New_York' });
    const { user } = renderApp(null, { url: '/addbanner/5' });
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Qatar');
    expect(screen.getByLabelText(/Publish at/)).toHaveValue('2027-03-30T08:00');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.path.startsWith('/flashy-banner/'))).toBe(true));
    expect(sentBody(requests).schedule_zone).toBe('Asia/Qatar');
  });
});

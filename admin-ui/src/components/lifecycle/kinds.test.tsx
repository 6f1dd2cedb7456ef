/**
 * A kind known from `GET /kinds` alone (destinations) is named, labelled and linked wherever
 * kinds meet: the schedule and the trash, the audit log, the media library's usage, History, and
 * the publish jobs that failed; ours keep their own words.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import type { TKey } from '@/locales/types';
import { declaredLabel } from '@/lib/kinds';
import { destinationKind, destinationRecord, kindsAnswer } from '@/testing/kinds';
import { libraryDetail, libraryItem } from '@/testing/media-info';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { editPath } from './api';
import { fieldLabel } from './field-labels';
import { kindOfResource } from './kinds';

const t = (key: TKey) => i18n.t(key);
const riyadh = destinationRecord();
const declared = (field: string) => declaredLabel(destinationKind, field, i18n.language);

describe('a declared kind in the tables that span kinds', () => {
  it('is edited at its generic form, at its legacy path if it has one; ours at their own', () => {
    expect(editPath('destination', 7)).toBe('/content/destination/7');
    expect(editPath('service', 7)).toBe('/addservices/7');
    expect(editPath('service-list', 7)).toBe('/addserviceslist/7');
    expect(editPath('client-review', 7)).toBe('/addclientreview/7');
    expect(editPath('general-content', 7)).toBe('/addgeneralContentDashboard/7');
    expect(editPath('blog', 7)).toBe('/addblog/7');
  });

  it('is found by the resource its audit lines and publish jobs name', () => {
    expect(kindOfResource('review', [destinationKind])).toBe('client-review');
    expect(kindOfResource('destination', [destinationKind])).toBe('destination');
    expect(kindOfResource('city', [{ ...destinationKind, resource: 'city' }])).toBe('destination');
    expect(kindOfResource('media', [destinationKind])).toBeUndefined();
    expect(kindOfResource('destination', undefined)).toBeUndefined();
  });

  it('labels its fields as it declares them, and the lifecycle’s and derived ones as ours', async () => {
    expect(fieldLabel('destination', 'summary_ar', t, declared)).toBe('Arabic summary');
    expect(fieldLabel('destination', 'publish_at', t, declared)).toBe('Publish at');
    expect(fieldLabel('destination', 'slug', t, declared)).toBe('Web address (from the name)');
    expect(fieldLabel('destination', 'version', t, declared)).toBe('version');
    expect(fieldLabel('blog', 'name_ar', t, declared)).toBe('Title in Arabic');
    await i18n.changeLanguage('ar');
    expect(fieldLabel('destination', 'summary_ar', t, declared)).toBe('الملخص بالعربية');
  });
});

describe('a declared kind on the screens that span kinds', () => {
  it('is named and linked on the schedule and in the trash, in English and Arabic', async () => {
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind),
      'GET /content/scheduled': () => [200, list([{ ...riyadh, kind: 'destination', publish_at: '2027-03-30T05:00:00Z' }])],
      'GET /content/deleted': () => [200, list([{ ...riyadh, id: 8, name: 'Doha', kind: 'destination', deleted_at: '2027-03-03T10:00:00Z' }])],
    });
    renderApp(null, { url: '/schedule' });
    const link = await screen.findByRole('link', { name: 'Riyadh' });
    expect(link).toHaveAttribute('href', '/content/destination/7');
    // Named once `GET /kinds` has answered.
    await waitFor(() => expect(link.closest('tr')).toHaveTextContent(/^Destination/));
    expect(await screen.findByText('Doha')).toBeInTheDocument();
    expect(screen.getByText('Doha').closest('tr')).toHaveTextContent(/^Destination/);
    await act(() => i18n.changeLanguage('ar'));
    expect(await screen.findAllByText('وجهة')).toHaveLength(2);
  });

  it('is named with its fields’ labels in the audit log', async () => {
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind),
      'GET /audit': () => [
        200,
        list([
          { id: 1, at: '2026-11-23T09:00:00Z', actor: 'amira', address: '10.0.0.5', action: 'content.updated', resource: 'destination', resource_id: '7', name: 'Riyadh', detail: { fields: ['name', 'summary_ar', 'slug'], title: 'Riyadh' } },
        ]),
      ],
    });
    renderApp(null, { url: '/audit' });
    expect(await screen.findByText('Fields: Name, Arabic summary, Web address (from the name)')).toBeInTheDocument();
    expect(screen.getByText('Riyadh').closest('td')).toHaveTextContent(/^Destination: Riyadh$/);
  });

  it('is named, linked and its field labelled where the media library says a file is used', async () => {
    const dunes = libraryItem();
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind),
      'GET /media': () => [200, list([dunes])],
      'GET /media/dunes.jpg': () => [200, { responseBody: [libraryDetail({ usage: [{ kind: 'destination', id: 7, title: 'Riyadh', field: 'image_url', pending: false }] })] }],
    });
    renderApp(null, { url: '/media?item=dunes.jpg' });
    const used = await screen.findByRole('list', { name: 'Where it is used' });
    expect(within(used).getByRole('link', { name: 'Riyadh' })).toHaveAttribute('href', '/content/destination/7');
    await waitFor(() => expect(used).toHaveTextContent('Destination'));
    expect(used).toHaveTextContent('Field: Image');
  });

  it('has its fields named by their labels in History', async () => {
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind),
      'GET /destinations/7': () => [200, { responseBody: [riyadh] }],
      'GET /content/destination/7/revisions': () => [
        200,
        list([{ id: 3, created_at: '2026-11-21T10:00:00Z', author: 'amira', action: 'draft', changed_fields: ['summary_ar', 'meta_title'] }]),
      ],
    });
    const { user } = renderApp(null, { url: '/content/destination/7' });
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByRole('button', { name: /Draft saved/ })).toHaveTextContent('Arabic summary, Meta title');
  });

  it('is named in the publish jobs that failed', async () => {
    mockApi({
      'GET /kinds': () => kindsAnswer(destinationKind),
      'GET /subscription': () => [200, list([])],
      'GET /publish/status': () => [
        200,
        {
          responseBody: {
            pendingJobs: 0, latestJobId: 3, lastDoneJobId: 2, lastBuildAt: null, lastError: null,
            failedJobs: [{ id: 3, resource: 'destination', resourceId: 7, action: 'upsert', attempts: 5, lastError: 'disk full', failedAt: '2026-11-21T10:02:00Z' }],
          },
        },
      ],
    });
    const { user } = renderApp(null, { url: '/subscription' });
    await user.click(await screen.findByRole('button', { name: 'One item could not be published' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not published' });
    expect(await within(dialog).findByText('Destination #7')).toBeInTheDocument();
  });
});

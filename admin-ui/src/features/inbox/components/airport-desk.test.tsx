/**
 * Airport requests at the desk (issue 44): the same list and page as contact enquiries, with the
 * request's own column (reference, airport, flight, its day) and its details read-only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { list, mockApi, type Recorded } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { airportRecord } from '@/testing/records';

const request = airportRecord();
const porterOnly = airportRecord({
  id: 12,
  reference: 'AR-2026-0012',
  services: ['porter'],
  departureArrival: 'departure',
  date: '2099-01-05',
  time: '06:15',
  passengerDetails: { title: 'mr', fullName: 'Omar Saleh', mobile: '0501234567', email: 'omar@example.com' },
  meetGreet: null,
  porterService: { bags: '4', bagType: 'oversized', pickup: 'Car park P3', drop: 'Check-in row F', trolleyAssist: 'yes', timeSlot: '06:15' },
  lang: 'en',
  assignee: 'sara',
});
const params = (r: Recorded) => new URLSearchParams(r.search);
const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-title]' });
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

describe('airport requests at the desk', () => {
  afterEach(() => Object.assign(URL, objectUrls));

  it('lists each request with its reference, airport, flight and the flight’s own day', async () => {
    const { requests } = mockApi({ 'GET /airport-requests': () => [200, list([request, porterOnly])] });
    renderApp(null, { url: '/airportrequests' });
    expect(await screen.findByRole('heading', { name: 'Airport requests' })).toBeInTheDocument();
    const noura = await screen.findByRole('link', { name: 'نورة القحطاني' });
    expect(noura).toHaveAttribute('href', '/airportrequests/11');
    expect(noura).toHaveAttribute('dir', 'auto');
    const row = noura.closest('tr')!;
    expect(within(row).getByText('AR-2026-0011')).toBeInTheDocument();
    expect(row).toHaveTextContent('Arrival · King Khalid International Airport (RUH) · SV 123');
    // The flight's date is a local day at the airport: shown day first, never shifted by a zone.
    expect(within(row).getByText('01-12-2099 14:30')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'WhatsApp +966501234567' })).toHaveAttribute('href', 'https://wa.me/966501234567');
    const omar = screen.getByRole('link', { name: 'Omar Saleh' }).closest('tr')!;
    expect(omar).toHaveTextContent('Departure · King Khalid International Airport (RUH) · SV 123');
    expect(within(omar).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(within(omar).getByText('sara')).toBeInTheDocument();
    expect(params(requests.find((r) => r.path === '/airport-requests')!).get('page')).toBe('1');
  });

  it('changes a request’s status from the list against its version', async () => {
    const { requests } = mockApi({
      'GET /airport-requests': () => [200, list([request])],
      'PUT /airport-requests/11': (r) => [200, { responseBody: [{ ...request, ...(r.body as object), version: 2 }], message: 'Airport request updated successfully' }],
    });
    const { user } = renderApp(null, { url: '/airportrequests' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of AR-2026-0011' }), 'In progress');
    expect(await toastTitle('Airport request updated successfully')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect([put.body, put.headers.get('if-match')]).toEqual([{ status: 'in_progress' }, '"1"']);
  });

  it('exports the filtered requests as their own spreadsheet', async () => {
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { requests } = mockApi({
      'GET /airport-requests': () => [200, list([request])],
      'GET /airport-requests/export': () => [200, {}],
    });
    const { user } = renderApp(null, { url: '/airportrequests?status=new&q=RUH' });
    await screen.findByRole('link', { name: 'نورة القحطاني' });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await toastTitle('Excel downloaded successfully!')).toBeInTheDocument();
    const exported = params(requests.find((r) => r.path === '/airport-requests/export')!);
    expect([exported.get('status'), exported.get('q')]).toEqual(['new', 'RUH']);
    expect(names).toEqual(['Airport_Requests_List.xlsx']);
    click.mockRestore();
  });

  it('shows a request as the client sent it: flight, services, passenger, meet and greet', async () => {
    mockApi({
      'GET /airport-requests/11': () => [200, { responseBody: [request] }],
      'GET /inbox/assignees': () => [200, list([{ username: 'amira', role: 'owner' }])],
    });
    renderApp(null, { url: '/airportrequests/11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'AR-2026-0011' })).toBeInTheDocument();
    const words = screen.getByRole('region', { name: 'The request, as sent' });
    const flight = within(words).getByRole('region', { name: 'Flight' });
    expect(flight).toHaveTextContent('Arrival');
    expect(flight).toHaveTextContent('01-12-2099 14:30');
    // Places by name, from the site's own list of airports (content/airports.toml).
    const place = (label: string) => within(flight).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(place('Airport')).toHaveTextContent('King Khalid International Airport (RUH)');
    expect(place('Terminal')).toHaveTextContent('Terminal 1');
    expect(place('City')).toHaveTextContent('Riyadh');
    expect(place('Country')).toHaveTextContent('Saudi Arabia');
    expect(within(words).getByRole('region', { name: 'Services' })).toHaveTextContent('Meet & GreetFast-Track Immigration');
    const passenger = within(words).getByRole('region', { name: 'Passenger' });
    expect(within(passenger).getByText('Mrs نورة القحطاني')).toBeInTheDocument();
    expect(within(passenger).getByRole('link', { name: 'Call +966501234567' })).toBeInTheDocument();
    expect(within(words).getByRole('region', { name: 'Meet & Greet' })).toHaveTextContent('Arabic');
    expect(within(words).queryByRole('region', { name: 'Porter Service' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('New');
  });

  it('shows the porter’s details, and adds a note under the request’s own address', async () => {
    let current = porterOnly;
    const { requests } = mockApi({
      'GET /airport-requests/12': () => [200, { responseBody: [current] }],
      'GET /inbox/assignees': () => [200, list([])],
      'POST /airport-requests/12/notes': (r) => {
        current = { ...porterOnly, notes: [{ at: '2026-11-21T11:00:00Z', author: 'amira', text: (r.body as { text: string }).text }], version: 2 };
        return [201, { responseBody: [current], message: 'Note added' }];
      },
    });
    const { user } = renderApp(null, { url: '/airportrequests/12' });
    const porter = await screen.findByRole('region', { name: 'Porter Service' });
    expect(porter).toHaveTextContent('Oversized');
    expect(porter).toHaveTextContent('Yes');
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Porter booked at P3.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await toastTitle('Note added')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.path).toBe('/airport-requests/12/notes');
    await waitFor(() => expect(screen.getByText('Porter booked at P3.')).toBeInTheDocument());
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    mockApi({
      'GET /airport-requests/11': () => [200, { responseBody: [request] }],
      'GET /inbox/assignees': () => [200, list([])],
    });
    renderApp(null, { url: '/airportrequests/11' });
    const words = await screen.findByRole('region', { name: 'الطلب كما وصل' });
    expect(within(words).getByRole('region', { name: 'الخدمات' })).toHaveTextContent('الاستقبال والتوديع');
    expect(within(words).getByRole('region', { name: 'الرحلة' })).toHaveTextContent('وصول');
    expect(within(words).getByText('السيدة نورة القحطاني')).toBeInTheDocument();
    const flight = within(words).getByRole('region', { name: 'الرحلة' });
    for (const name of ['مطار الملك خالد الدولي (RUH)', 'المبنى 1', 'الرياض', 'المملكة العربية السعودية']) {
      expect(within(flight).getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByText('العربية', { selector: '.lang-tag' })).toHaveAttribute('title', 'الصفحة العربية');
  });

  it('names the airport in the list in Arabic, with its code, and the page it came from in words', async () => {
    await i18n.changeLanguage('ar');
    mockApi({ 'GET /airport-requests': () => [200, list([request, porterOnly])] });
    renderApp(null, { url: '/airportrequests' });
    const row = (await screen.findByRole('link', { name: 'نورة القحطاني' })).closest('tr')!;
    expect(row).toHaveTextContent('وصول · مطار الملك خالد الدولي (RUH) · SV 123');
    expect(within(row).getByText('العربية', { selector: '.lang-tag' })).toBeInTheDocument();
    const omar = screen.getByRole('link', { name: 'Omar Saleh' }).closest('tr')!;
    expect(within(omar).getByText('الإنجليزية', { selector: '.lang-tag' })).toBeInTheDocument();
  });

  it('shows a place the site’s list does not know as it was sent', async () => {
    mockApi({
      'GET /airport-requests/11': () => [200, { responseBody: [{ ...request, country: 'FR', city: 'Paris', airport: 'CDG', terminal: 'T2E' }] }],
      'GET /inbox/assignees': () => [200, list([])],
    });
    renderApp(null, { url: '/airportrequests/11' });
    const flight = await screen.findByRole('region', { name: 'Flight' });
    for (const value of ['CDG', 'T2E', 'Paris', 'France']) expect(within(flight).getByText(value)).toBeInTheDocument();
  });
});

/**
 * Today, the start page: for each role, what needs it (the tiles' counts and each part's items,
 * what came back from review first with its note), each item opening its form, nothing of a part
 * the role may not read, and the page read again when the live events say a count moved.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n';
import { dispatch } from '@/lib/live-events';
import { accountAnswer, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Brief, Today } from '../types';

const returned: Brief = {
  kind: 'blog',
  one: { en: 'Blog', ar: 'مدونة' },
  id: 12,
  title: 'A London season',
  state: 'returned',
  at: '2026-12-04T09:30:00Z',
  by: 'editor1',
  note: 'Add the dates of the season.',
  fields: [],
};

const draft: Brief = { ...returned, id: 14, title: 'Evenings in Jeddah', state: 'draft', by: null, note: null };

const toTranslate: Brief = {
  kind: 'destination',
  one: { en: 'Destination', ar: 'وجهة' },
  id: 3,
  title: 'AlUla',
  state: 'missing',
  at: null,
  by: null,
  note: null,
  fields: [
    { en: 'Name', ar: 'الاسم' },
    { en: 'Summary', ar: 'الملخص' },
  ],
};

const answer = (today: Today) => (): [number, unknown] => [200, { responseBody: [today] }];

describe('today', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('shows a contributor their own work, what came back first with the editor’s note, and nothing else', async () => {
    mockApi({ 'GET /account': () => accountAnswer('contributor', 'layla'), 'GET /account/today': answer({ counts: {}, mine: [returned, draft] }) });
    renderApp(null, { url: '/today' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByText(/What needs you today, layla/)).toBeInTheDocument();
    const part = await screen.findByRole('region', { name: 'Your drafts and changes' });
    const tiles = screen.getByRole('list', { name: 'Today at a glance' });
    expect(within(tiles).getAllByRole('link')).toHaveLength(1);
    expect(within(tiles).getByRole('link', { name: /2\s*Your drafts and changes\s*1 came back with a note/ })).toBeInTheDocument();
    const items = within(part).getAllByRole('listitem');
    expect(within(items[0]).getByRole('link', { name: 'A London season' })).toHaveAttribute('href', expect.stringMatching(/\/addblog\/12$/));
    expect(within(items[0]).getByText('Returned')).toBeInTheDocument();
    expect(within(items[0]).getByText(/Returned by editor1/)).toBeInTheDocument();
    expect(within(items[0]).getByText('Add the dates of the season.')).toBeInTheDocument();
    expect(within(items[1]).getByText('Draft')).toBeInTheDocument();
    expect(within(items[1]).getByText(/Last saved on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting for review' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Enquiries' })).toBeNull();
  });

  it('shows a translator in Arabic the Arabic to write by field, opening the form on its Arabic tab', async () => {
    await i18n.changeLanguage('ar');
    mockApi({
      'GET /account': () => accountAnswer('translator', 'omar'),
      'GET /account/today': answer({ counts: { translations: 7 }, translations: [toTranslate], mine: [] }),
    });
    renderApp(null, { url: '/today' });
    expect(await screen.findByRole('heading', { level: 1, name: 'اليوم' })).toBeInTheDocument();
    const part = await screen.findByRole('region', { name: 'نصوص عربية للكتابة' });
    expect(within(part).getByRole('link', { name: 'AlUla' })).toHaveAttribute('href', expect.stringMatching(/\/content\/destination\/3$/));
    expect(within(part).getByText('ناقصة')).toBeInTheDocument();
    expect(within(part).getByText('الحقول: الاسم، الملخص')).toBeInTheDocument();
    // One of seven is listed: the link says how many more the worklist holds.
    expect(within(part).getByRole('link', { name: 'فتح الترجمات (و6 غيرها)' })).toHaveAttribute('href', expect.stringMatching(/\/translations$/));
    expect(screen.getByRole('region', { name: 'مسوداتك وتغييراتك' })).toHaveTextContent('لا شيء من عملك ينتظر الإكمال.');
  });

  it('shows the desk its new enquiries and those waiting over a day, and reads the page again when the count moves', async () => {
    let inbox = 2;
    const { requests } = mockApi({
      'GET /account': () => accountAnswer('enquiries', 'desk'),
      'GET /account/today': () => [200, { responseBody: [{ counts: { inbox }, overdue: 1 }] }],
    });
    renderApp(null, { url: '/today' });
    const part = await screen.findByRole('region', { name: 'Enquiries' });
    expect(part).toHaveTextContent('New enquiries waiting for the desk: 2');
    expect(part).toHaveTextContent('1 waiting over 24 hours');
    expect(within(part).getByRole('link', { name: 'Contact enquiries' })).toHaveAttribute('href', expect.stringMatching(/\/contactusdashboard$/));
    expect(screen.queryByRole('region', { name: 'Your drafts and changes' })).toBeNull();
    const reads = () => requests.filter((r) => r.path === '/account/today').length;
    const before = reads();
    // The counts the stream tells move only through the module's store; the page listens to it.
    const queryClient = new QueryClient();
    act(() => dispatch({ event: 'counts', data: JSON.stringify({ inbox: 2 }) }, queryClient));
    inbox = 3;
    act(() => dispatch({ event: 'counts', data: JSON.stringify({ inbox: 3 }) }, queryClient));
    await waitFor(() => expect(part).toHaveTextContent('New enquiries waiting for the desk: 3'));
    expect(reads()).toBeGreaterThan(before);
  });
});

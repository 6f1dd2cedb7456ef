/**
 * Every empty table of the admin says the specification's "No data available" (issue 53), in the
 * admin's language: the content dashboards, the desk's lists and their trash, the schedule, the
 * audit log. Under a filter it also says why, with the way back to every item.
 */
import { screen, within } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { list, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const NO_DATA = { en: 'No data available', ar: 'لا توجد بيانات' } as const;
const WHY = { en: 'Nothing here has this status or matches this search.', ar: 'لا يوجد هنا عنصر بهذه الحالة أو يطابق هذا البحث.' } as const;
const CLEAR = { en: 'Clear the filter', ar: 'امسح التصفية' } as const;

const empty = (): [number, unknown] => [200, list([])];
const routes = {
  'GET /contact-us': empty,
  'GET /airport-requests': empty,
  'GET /blog': empty,
  'GET /subscription': empty,
  'GET /audit': empty,
  'GET /content/scheduled': empty,
  'GET /content/deleted': empty,
};

// [what, address, how many empty tables it shows, filtered]
const pages: [string, string, number, boolean][] = [
  ['the contact enquiries', '/contactusdashboard', 1, false],
  ['the airport requests', '/airportrequests', 1, false],
  ['the contact enquiries’ trash', '/contactusdashboard?deleted=true', 1, false],
  ['the airport requests’ trash', '/airportrequests?deleted=true', 1, false],
  ['the contact enquiries under a filter', '/contactusdashboard?status=spam&q=nobody', 1, true],
  ['a content dashboard', '/blogs', 1, false],
  ['a content dashboard under a filter', '/blogs?status=draft&q=nothing', 1, true],
  ['the subscriptions', '/subscription', 1, false],
  ['the audit log', '/audit', 1, false],
  ['the schedule and its deleted items', '/schedule', 2, false],
];

describe('empty tables', () => {
  describe.each(['en', 'ar'] as const)('in %s', (lang) => {
    it.each(pages)('%s says "No data available"', async (_what, url, count, filtered) => {
      await i18n.changeLanguage(lang);
      mockApi(routes);
      const { user } = renderApp(null, { url });
      expect(await screen.findAllByText(NO_DATA[lang], { exact: true })).toHaveLength(count);
      if (!filtered) {
        expect(screen.queryByText(WHY[lang])).toBeNull();
        return;
      }
      const cell = screen.getByText(NO_DATA[lang]).closest('td')!;
      expect(within(cell).getByText(WHY[lang])).toBeInTheDocument();
      await user.click(within(cell).getByRole('button', { name: CLEAR[lang] }));
      expect(await screen.findByText(NO_DATA[lang])).toBeInTheDocument();
      expect(screen.queryByText(WHY[lang])).toBeNull();
    });
  });
});

/**
 * An airport request's places by name (issue 53): the names of `content/airports.toml`, the list
 * the site's airport page offers and the API checks, in the admin's language.
 */
import { placesOf } from './places';

describe('the places of an airport request', () => {
  it.each([
    [
      'names Riyadh’s airport with its code, in English',
      { country: 'SA', city: 'Riyadh', airport: 'RUH', terminal: 'Terminal 1' },
      'en',
      { country: 'Saudi Arabia', city: 'Riyadh', airport: 'King Khalid International Airport (RUH)', terminal: 'Terminal 1' },
    ],
    [
      'names them in Arabic, the terminal too',
      { country: 'SA', city: 'Riyadh', airport: 'RUH', terminal: 'Terminal 1' },
      'ar',
      { country: 'المملكة العربية السعودية', city: 'الرياض', airport: 'مطار الملك خالد الدولي (RUH)', terminal: 'المبنى 1' },
    ],
    [
      'tells two airports of one city apart',
      { country: 'AE', city: 'Dubai', airport: 'DWC', terminal: 'Passenger Terminal' },
      'ar',
      { country: 'الإمارات العربية المتحدة', city: 'دبي', airport: 'مطار آل مكتوم الدولي (دبي وورلد سنترال) (DWC)', terminal: 'مبنى الركاب' },
    ],
    [
      'finds an airport by its code under a city the list does not have',
      { country: 'AE', city: 'Jebel Ali', airport: 'DXB', terminal: 'Terminal 3' },
      'en',
      { country: 'United Arab Emirates', city: 'Jebel Ali', airport: 'Dubai International Airport (DXB)', terminal: 'Terminal 3' },
    ],
    [
      'shows what the list does not know as it was sent, the country as the browser names it',
      { country: 'FR', city: 'Paris', airport: 'CDG', terminal: 'T2E' },
      'en',
      { country: 'France', city: 'Paris', airport: 'CDG', terminal: 'T2E' },
    ],
    ['says nothing for what was not sent', {}, 'ar', { country: '', city: '', airport: '', terminal: '' }],
  ])('%s', (_case, request, lang, expected) => {
    expect(placesOf(request, lang)).toEqual(expected);
  });
});

/** Records as the admin reads them from the API, for tests: each test overrides what it is about. */

/** A published blog with no Arabic yet. */
export function blogRecord<T extends object = object>(overrides?: T) {
  return {
    id: 9,
    name: 'Arrivals',
    name_ar: null,
    description: '<p>Calm and quick.</p>',
    description_ar: null,
    image_url: '/media/arrivals.jpg',
    display_order: 1,
    meta_title: '',
    meta_title_ar: null,
    meta_description: '',
    meta_description_ar: null,
    key_words: '',
    key_words_ar: null,
    slug: 'arrivals',
    ...(overrides as T),
  };
}

//! Props like the generator's (seeded content, and a few photographs with variants), and the real
//! string tables.
import ar from '../../../content/strings/ar.json'
import en from '../../../content/strings/en.json'
import type { PictureData } from '../components/picture'
import pictures from '../components/picture.fixtures.json'
import type { Airports } from '../islands/airport-request/airport-data'
import type { Banner } from '../islands/banner-carousel/banner-carousel'
import type { Review } from '../islands/review-carousel/review-carousel'
import type { Service } from '../islands/services-explorer/types'

export const strings = { en, ar }

/**
 * The generator's picture of an image the media store has no variants of (the seeded SVG
 * artwork): a plain lazy `<img>` at its own size.
 */
export function picture(src: string, width = 1200, height = 800): PictureData {
  return { src, srcset: null, sources: [], sizes: null, width, height, loading: 'lazy', fetchpriority: null, background: null, alt: '', position: null }
}

/** A photograph with variants, as the generator writes it (`<picture>`, colour behind it). */
export function photograph(name: 'card photograph' | 'transparent banner'): PictureData {
  return (pictures as { case: string; picture: PictureData }[]).find((c) => c.case === name)!.picture
}

const items = (service: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: service * 100 + i,
    name: `Item ${service}.${i + 1}`,
    description: `What item ${service}.${i + 1} offers.`,
    image: picture(`/media/item-${service}-${i}.svg`),
    tone: ['bg-navy', 'bg-gold', 'bg-ivory', 'bg-sand'][i % 4],
  }))

export const services: Service[] = [
  { id: 1, name: 'Valet Parking', description: 'Valets.', content: 'Our valet teams are trained.', image: photograph('card photograph'), color: '#0b1f3a', url: '/services/1', coming_soon: false, items: items(1, 5) },
  { id: 2, name: 'Travel Management', description: 'Travel.', content: 'A single travel manager.', image: picture('/media/travel.svg'), color: '#c9a227', url: '/services/2', coming_soon: false, items: items(2, 7) },
  { id: 6, name: 'Dine In', description: 'Dining.', content: 'Private chefs at home.', image: picture('/media/dine.svg'), color: '#e8dcc4', url: '/services/6', coming_soon: true, items: items(6, 3) },
]

export const banners: Banner[] = [
  { title: 'Summer in London', sub_title: 'Private arrangements.', image: photograph('transparent banner'), url: '/services/2' },
  { title: 'Ramadan gifting', sub_title: 'Hampers and oud.', image: picture('/media/b2.svg', 1600, 900), url: null },
]

export const reviews: Review[] = [
  { name: 'H. Al-Mansouri', title: 'Private client', text: 'Flawless.', image: picture('/media/r1.svg', 56, 56) },
  { name: 'S. Kapoor', title: 'Family office', text: 'Discreet and quick.', image: picture('/media/r2.svg', 56, 56) },
  { name: 'L. Haddad', title: 'Bank partner', text: 'Our clients notice.', image: picture('/media/r3.svg', 56, 56) },
  { name: 'M. Rahman', title: 'Private client', text: 'At three in the morning, too.', image: picture('/media/r4.svg', 56, 56) },
]

export const airports: Airports = {
  countries: [
    {
      code: 'AE',
      name: 'United Arab Emirates',
      name_ar: 'الإمارات العربية المتحدة',
      cities: [
        {
          name: 'Dubai',
          name_ar: 'دبي',
          airports: [{ iata: 'DXB', name: 'Dubai International Airport', name_ar: 'مطار دبي الدولي', terminals: ['Terminal 1', 'Terminal 3'], terminals_ar: ['المبنى 1', 'المبنى 3'] }],
        },
      ],
    },
    {
      code: 'IN',
      name: 'India',
      name_ar: 'الهند',
      cities: [{ name: 'Delhi', name_ar: 'دلهي', airports: [{ iata: 'DEL', name: 'Indira Gandhi International Airport', terminals: ['Terminal 3'] }] }],
    },
  ],
}

/** Every island with representative props. */
export const islandProps: Record<string, Record<string, unknown>> = {
  'contact-form': {},
  newsletter: {},
  'services-explorer': { services },
  'banner-carousel': { banners },
  'review-carousel': { reviews },
  'airport-request': { airports },
  'cookie-consent': { gtmId: 'GTM-TEST123', policyUrl: '/cookies-policy' },
  'cookie-settings': { gtmId: 'GTM-TEST123' },
  'site-search': {},
}

/** An English fallback on an Arabic page, as the generator sends it. */
const english = (text: string) => ({ text, lang: 'en' as const })

/**
 * The props of every island that shows content, as an Arabic page sends them when no field has
 * its Arabic twin: each text an English fallback holding the word "fallback" (and no other text
 * of the islands holds it), a photograph's alt text too; the airports with a country, a city,
 * an airport and a terminal that have no Arabic name.
 */
export const fallbackProps: Record<string, Record<string, unknown>> = {
  'services-explorer': {
    services: services.map((s) => ({
      ...s,
      name: english(`${s.name} fallback.`),
      description: english(`${s.description} fallback.`),
      content: english(`${s.content} Here is how our team arranges it, fallback.`),
      image: s.id === 1 ? { ...s.image, alt: 'A valet at the door, fallback.', lang: 'en' } : s.image,
      items: s.items.map((i) => ({ ...i, name: english(`${i.name} fallback.`), description: english(`${i.description} fallback.`) })),
    })),
  },
  'banner-carousel': {
    banners: banners.map((b) => ({ ...b, title: english(`${b.title}, fallback.`), sub_title: english(`${b.sub_title} fallback.`) })),
  },
  'review-carousel': {
    reviews: reviews.map((r) => ({ ...r, name: english(`${r.name} fallback`), title: english(`${r.title} fallback`), text: english(`${r.text} fallback.`) })),
  },
  'airport-request': {
    airports: {
      countries: [
        ...airports.countries,
        {
          code: 'GB',
          name: 'United Kingdom fallback',
          cities: [{ name: 'London fallback', airports: [{ iata: 'LHR', name: 'Heathrow fallback', terminals: ['Terminal 5 fallback'] }] }],
        },
      ],
    },
  },
}

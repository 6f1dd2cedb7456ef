/** Records as the admin reads them from the API, for tests: each test overrides what it is about. */
import type { AirportRequest, ContactEnquiry } from '@/features/inbox/types';

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

/** A contact enquiry as the desk reads it: New, nobody on it, no notes. */
export function enquiryRecord(overrides: Partial<ContactEnquiry> = {}): ContactEnquiry {
  return {
    id: 4,
    first_name: 'Amira',
    last_name: 'Haddad',
    email: 'amira@example.com',
    phone: '+971501234567',
    subject: 'Airport transfer',
    message: 'Arriving Friday.',
    status: 'new',
    lang: 'en',
    notes: [],
    assignee: null,
    version: 3,
    deleted_at: null,
    created_date: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

/** An airport request as the desk reads it (the architecture's example, sent from the Arabic page). */
export function airportRecord(overrides: Partial<AirportRequest> = {}): AirportRequest {
  return {
    id: 11,
    reference: 'AR-2026-0011',
    country: 'SA',
    city: 'Riyadh',
    airport: 'RUH',
    terminal: 'Terminal 1',
    flightNumber: 'SV 123',
    departureArrival: 'arrival',
    date: '2099-12-01',
    time: '14:30',
    services: ['meetGreet', 'fastTrack'],
    passengerDetails: { title: 'mrs', fullName: 'نورة القحطاني', mobile: '+966501234567', email: 'noura@example.sa' },
    meetGreet: { meetingPoint: 'Arrivals hall', signageName: 'Mrs Al-Qahtani', numPassengers: '2', language: 'arabic', assistence: '' },
    porterService: null,
    status: 'new',
    lang: 'ar',
    notes: [],
    assignee: null,
    version: 1,
    deleted_at: null,
    created_date: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

/**
 * The two kinds of item the desk works on. Both have the same endpoints under their own base
 * (`/contact-us`, `/airport-requests`), the same desk fields and the same screens; a kind says
 * where it lives, how its client is named and reached, and the words that differ.
 */
import { AIRPORT_EXPORT_FILE_NAME, EXPORT_FILE_NAME } from '@/config/constants';
import { formPath, paths } from '@/config/paths';
import type { TKey } from '@/locales/types';
import type { AirportRequest, ContactEnquiry, DeskRecord } from './types';

export type KindName = 'contact' | 'airport';

/** Who wrote in, as the desk reaches them. */
export type Client = { name: string; email: string; phone: string };

export type Kind<T extends DeskRecord> = {
  name: KindName;
  /** The API's base path. */
  api: string;
  /** The list's route, and an item's. */
  list: string;
  detail: (id: number) => string;
  exportFile: string;
  client: (item: T) => Client;
  /** How an item is named in menus, titles and confirmations. */
  itemName: (item: T) => string;
  words: {
    title: TKey;
    searchPlaceholder: TKey;
    updateFailed: TKey;
    deleted: TKey;
    restored: TKey;
    back: TKey;
  };
};

const fullName = (c: ContactEnquiry) => `${c.first_name} ${c.last_name}`.trim();

export const contactKind: Kind<ContactEnquiry> = {
  name: 'contact',
  api: '/contact-us',
  list: paths.contacts,
  detail: (id) => formPath(paths.addContact, id),
  exportFile: EXPORT_FILE_NAME,
  client: (c) => ({ name: fullName(c), email: c.email, phone: c.phone }),
  itemName: fullName,
  words: {
    title: 'contacts.title',
    searchPlaceholder: 'inbox.filter.contactPlaceholder',
    updateFailed: 'contacts.toast.updateFailed',
    deleted: 'contacts.toast.deleted',
    restored: 'inbox.contact.restored',
    back: 'contacts.back',
  },
};

export const airportKind: Kind<AirportRequest> = {
  name: 'airport',
  api: '/airport-requests',
  list: paths.airportRequests,
  detail: (id) => `${paths.airportRequests}/${id}`,
  exportFile: AIRPORT_EXPORT_FILE_NAME,
  client: (r) => ({
    name: r.passengerDetails?.fullName ?? '',
    email: r.passengerDetails?.email ?? '',
    phone: r.passengerDetails?.mobile ?? '',
  }),
  itemName: (r) => r.reference || r.passengerDetails?.fullName || `#${r.id}`,
  words: {
    title: 'airport.title',
    searchPlaceholder: 'inbox.filter.airportPlaceholder',
    updateFailed: 'airport.toast.updateFailed',
    deleted: 'airport.toast.deleted',
    restored: 'airport.toast.restored',
    back: 'airport.back',
  },
};

/** The desk's queries of one kind, under the desk's shared root (`lib/inbox`). */
export const itemKeys = {
  kind: (kind: KindName) => ['inbox', kind] as const,
  lists: (kind: KindName) => ['inbox', kind, 'list'] as const,
  list: (kind: KindName, page: number, filter: object) => ['inbox', kind, 'list', page, filter] as const,
  detail: (kind: KindName, id: number) => ['inbox', kind, 'detail', id] as const,
};

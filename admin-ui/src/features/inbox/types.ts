/** The enquiry desk's records (ARCHITECTURE.md, "Enquiry desk" and "Airport requests"). */

/** Where an item stands at the desk, in the order the admin offers them. */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'replied', 'closed', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const isEnquiryStatus = (value: unknown): value is EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly unknown[]).includes(value);

/** The language of the site page an item was sent from. */
export type PageLanguage = 'en' | 'ar';

/** One entry of an item's timeline of notes (newest first). */
export type Note = { at: string; author: string | null; text: string };

/** What the desk keeps on every item, whichever its kind. */
export type DeskRecord = {
  id: number;
  /** RFC 3339, UTC. */
  created_date: string;
  status: EnquiryStatus;
  lang: PageLanguage;
  notes: Note[];
  /** A team member's user name, or nobody. */
  assignee: string | null;
  version: number;
  /** Set on an item in the trash (kept 30 days). */
  deleted_at: string | null;
};

/** A contact enquiry: the client's six fields, read-only at the desk. */
export type ContactEnquiry = DeskRecord & {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
};

export const AIRPORT_SERVICES = ['meetGreet', 'fastTrack', 'lounge', 'porter', 'buggy', 'airsideLimo'] as const;
export type AirportService = (typeof AIRPORT_SERVICES)[number];

export type AirportRequest = DeskRecord & {
  /** `AR-…`, what the client was given. */
  reference: string;
  /** A country code such as `SA`. */
  country: string;
  city: string;
  /** IATA code. */
  airport: string;
  terminal: string;
  flightNumber: string;
  departureArrival: 'departure' | 'arrival';
  /** The flight's local date and time as typed: `YYYY-MM-DD`, `HH:MM`. */
  date: string;
  time: string;
  services: string[];
  passengerDetails: { title: string; fullName: string; mobile: string; email: string };
  meetGreet: { meetingPoint: string; signageName: string; numPassengers: string | number; language: string; assistence: string } | null;
  porterService: { bags: string | number; bagType: string; pickup: string; drop: string; trolleyAssist: string; timeSlot: string } | null;
};

/** The desk-only write: fields left out stay as they are. */
export type DeskChange = { status?: EnquiryStatus; assignee?: string | null };

/** Who may be assigned (`GET /inbox/assignees`). */
export type Assignee = { username: string; role: 'owner' | 'enquiries' | string };

/**
 * The desk's view of a list, kept in the address: all statuses when `status` is undefined, no
 * search when `q` is empty, the trash (deleted in the last 30 days) when `deleted`.
 */
export type InboxFilter = { status?: EnquiryStatus; q: string; deleted: boolean };

/** An item left New for this long stands out. */
export const WAITING_MS = 24 * 60 * 60 * 1000;

/** Still New a day after it came in. */
export function isWaiting(item: Pick<DeskRecord, 'status' | 'created_date'>, now: number): boolean {
  const created = Date.parse(item.created_date);
  return item.status === 'new' && Number.isFinite(created) && now - created >= WAITING_MS;
}

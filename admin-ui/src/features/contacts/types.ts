/** Where an enquiry stands in the inbox, in the order the admin offers them. */
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'replied', 'closed', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const isEnquiryStatus = (value: unknown): value is EnquiryStatus =>
  (ENQUIRY_STATUSES as readonly unknown[]).includes(value);

/** The language of the site page an enquiry was sent from. */
export type PageLanguage = 'en' | 'ar';

export type Contact = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  status: EnquiryStatus;
  lang: PageLanguage;
  /** Internal: only administrators see them. */
  notes: string;
  created_date: string;
};

/** The specification's six fields; `status` and `notes` left out keep what is stored. */
export type ContactInput = Omit<Contact, 'id' | 'created_date' | 'status' | 'lang' | 'notes'> & {
  status?: EnquiryStatus;
  notes?: string;
};

/** The inbox's view of the list: all statuses when `status` is undefined, no search when `q` is empty. */
export type EnquiryFilter = { status?: EnquiryStatus; q: string };

export const contactKeys = {
  all: ['contacts'] as const,
  list: (page: number, filter: EnquiryFilter) => ['contacts', 'list', page, filter] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

/** An enquiry left New for this long stands out. */
export const WAITING_MS = 24 * 60 * 60 * 1000;

/** Still New a day after it came in. */
export function isWaiting(contact: Pick<Contact, 'status' | 'created_date'>, now: number): boolean {
  const created = Date.parse(contact.created_date);
  return contact.status === 'new' && Number.isFinite(created) && now - created >= WAITING_MS;
}

/**
 * An enquiry the desk files for a client who called (the specification's six fields): the server
 * starts it New, with no notes and nobody assigned. The desk then works it in the inbox
 * (`features/inbox`).
 */
export type ContactInput = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
};

export type CreatedContact = ContactInput & { id: number };

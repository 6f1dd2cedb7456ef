import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { contactKeys, type Contact, type ContactInput } from '../types';

export const createContact = (input: ContactInput) => save<Contact>('POST', '/contact-us', input);

export const useCreateContact = () => useInvalidatingMutation(createContact, contactKeys.all);

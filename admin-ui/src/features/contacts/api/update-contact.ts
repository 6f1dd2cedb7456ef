import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { contactKeys, type Contact, type ContactInput } from '../types';

export const updateContact = ({ id, input }: { id: number; input: ContactInput }) =>
  save<Contact>('PUT', `/contact-us/${id}`, input);

export const useUpdateContact = () => useInvalidatingMutation(updateContact, contactKeys.all);

import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { contactKeys } from '../types';

export const deleteContact = (id: number) => remove(`/contact-us/${id}`);

export const useDeleteContact = () => useInvalidatingMutation(deleteContact, contactKeys.all);

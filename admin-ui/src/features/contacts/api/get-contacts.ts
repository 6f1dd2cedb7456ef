import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { contactKeys, type Contact } from '../types';

/** Enquiries, newest first. */
export const getContacts = (page: number, signal?: AbortSignal) => getPage<Contact>('/contact-us', page, PAGE_SIZE, signal);

export const getContactsQueryOptions = (page: number) =>
  queryOptions({ queryKey: contactKeys.list(page), queryFn: ({ signal }) => getContacts(page, signal) });

export const useContacts = (page: number) => useQuery(getContactsQueryOptions(page));

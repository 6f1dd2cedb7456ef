import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { listQuery } from '@/components/data-table/use-list-filter';
import { contactKeys, type Contact, type EnquiryFilter } from '../types';

/** Enquiries, newest first, filtered by status and searched by name, email or phone. */
export const getContacts = (page: number, filter: EnquiryFilter, signal?: AbortSignal) =>
  getPage<Contact>('/contact-us', page, PAGE_SIZE, signal, listQuery(filter));

export const getContactsQueryOptions = (page: number, filter: EnquiryFilter) =>
  queryOptions({
    queryKey: contactKeys.list(page, filter),
    queryFn: ({ signal }) => getContacts(page, filter, signal),
    // While a new search loads, the table keeps the rows it has instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useContacts = (page: number, filter: EnquiryFilter) => useQuery(getContactsQueryOptions(page, filter));

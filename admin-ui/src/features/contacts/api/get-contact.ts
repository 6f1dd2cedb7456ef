import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { contactKeys, type Contact } from '../types';

export const getContact = (id: number, signal?: AbortSignal) => getOne<Contact>(`/contact-us/${id}`, signal);

export const getContactQueryOptions = (id: number) =>
  queryOptions({ queryKey: contactKeys.detail(id), queryFn: ({ signal }) => getContact(id, signal), staleTime: 0 });

export const useContact = (id: number | undefined) =>
  useQuery({ ...getContactQueryOptions(id ?? 0), enabled: id !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { generalContentKeys, type GeneralContent } from '../types';

export const getGeneralContent = (id: number, signal?: AbortSignal) =>
  getOne<GeneralContent>(`/general-content-section/${id}`, signal);

export const getGeneralContentQueryOptions = (id: number) =>
  queryOptions({ queryKey: generalContentKeys.detail(id), queryFn: ({ signal }) => getGeneralContent(id, signal), staleTime: 0 });

export const useGeneralContent = (id: number | undefined) =>
  useQuery({ ...getGeneralContentQueryOptions(id ?? 0), enabled: id !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOne } from '@/lib/api-client';
import { blogKeys, type Blog } from '../types';

export const getBlog = (id: number, signal?: AbortSignal) => getOne<Blog>(`/blog/${id}`, signal);

export const getBlogQueryOptions = (id: number) =>
  queryOptions({ queryKey: blogKeys.detail(id), queryFn: ({ signal }) => getBlog(id, signal), staleTime: 0 });

export const useBlog = (id: number | undefined) =>
  useQuery({ ...getBlogQueryOptions(id ?? 0), enabled: id !== undefined });

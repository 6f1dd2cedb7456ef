import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { blogKeys, type Blog } from '../types';

export const getBlogs = (page: number, signal?: AbortSignal) => getPage<Blog>('/blog', page, PAGE_SIZE, signal);

export const getBlogsQueryOptions = (page: number) =>
  queryOptions({ queryKey: blogKeys.list(page), queryFn: ({ signal }) => getBlogs(page, signal) });

export const useBlogs = (page: number) => useQuery(getBlogsQueryOptions(page));

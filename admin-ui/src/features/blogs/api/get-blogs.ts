import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQuery, type ListFilter } from '@/components/data-table/use-list-filter';
import { PAGE_SIZE } from '@/config/constants';
import { getPage } from '@/lib/api-client';
import { blogKeys, type Blog } from '../types';

/** One page of blogs, by status (`?status=`) and searched by title (`?q=`). */
export const getBlogs = (page: number, filter: ListFilter, signal?: AbortSignal) =>
  getPage<Blog>('/blog', page, PAGE_SIZE, signal, listQuery(filter));

export const getBlogsQueryOptions = (page: number, filter: ListFilter) =>
  queryOptions({
    queryKey: blogKeys.list(page, filter),
    queryFn: ({ signal }) => getBlogs(page, filter, signal),
    // While a new search loads, the table keeps the rows it has instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const useBlogs = (page: number, filter: ListFilter) => useQuery(getBlogsQueryOptions(page, filter));

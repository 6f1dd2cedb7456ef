import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { blogKeys } from '../types';

export const deleteBlog = (id: number) => remove(`/blog/${id}`);

export const useDeleteBlog = () => useInvalidatingMutation(deleteBlog, blogKeys.all);

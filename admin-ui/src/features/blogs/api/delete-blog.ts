import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { blogKeys } from '../types';

/** Deletes the blog as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteBlog = ({ id, version }: Versioned) => remove(`/blog/${id}`, version);

export const useDeleteBlog = () => useInvalidatingMutation(deleteBlog, blogKeys.all);

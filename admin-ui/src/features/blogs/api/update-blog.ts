import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { blogKeys, type Blog, type BlogInput } from '../types';

export const updateBlog = ({ id, input }: { id: number; input: BlogInput }) => save<Blog>('PUT', `/blog/${id}`, input);

export const useUpdateBlog = () => useInvalidatingMutation(updateBlog, blogKeys.all);

import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { blogKeys, type Blog, type BlogInput } from '../types';

export const createBlog = (input: BlogInput) => save<Blog>('POST', '/blog', input);

export const useCreateBlog = () => useInvalidatingMutation(createBlog, blogKeys.all);

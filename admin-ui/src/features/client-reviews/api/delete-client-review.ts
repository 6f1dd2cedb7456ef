import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { reviewKeys } from '../types';

export const deleteClientReview = (id: number) => remove(`/client-reviewes/${id}`);

export const useDeleteClientReview = () => useInvalidatingMutation(deleteClientReview, reviewKeys.all);

import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { reviewKeys, type ClientReview, type ClientReviewInput } from '../types';

export const updateClientReview = ({ id, input }: { id: number; input: ClientReviewInput }) =>
  save<ClientReview>('PUT', `/client-reviewes/${id}`, input);

export const useUpdateClientReview = () => useInvalidatingMutation(updateClientReview, reviewKeys.all);

import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { reviewKeys, type ClientReview, type ClientReviewInput } from '../types';

export const createClientReview = (input: ClientReviewInput) => save<ClientReview>('POST', '/client-reviewes', input);

export const useCreateClientReview = () => useInvalidatingMutation(createClientReview, reviewKeys.all);

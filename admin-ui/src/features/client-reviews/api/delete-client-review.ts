import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { reviewKeys } from '../types';

/** Deletes the review as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteClientReview = ({ id, version }: Versioned) => remove(`/client-reviewes/${id}`, version);

export const useDeleteClientReview = () => useInvalidatingMutation(deleteClientReview, reviewKeys.all);

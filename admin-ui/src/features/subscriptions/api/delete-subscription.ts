import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { subscriptionKeys } from '../types';

export const deleteSubscription = (id: number) => remove(`/subscription/${id}`);

export const useDeleteSubscription = () => useInvalidatingMutation(deleteSubscription, subscriptionKeys.all);

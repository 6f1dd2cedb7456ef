import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceKeys } from '../types';

export const deleteService = (id: number) => remove(`/our-services/${id}`);

export const useDeleteService = () => useInvalidatingMutation(deleteService, serviceKeys.all);

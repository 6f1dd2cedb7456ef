import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceListKeys } from '../types';

export const deleteServiceList = (id: number) => remove(`/list-of-services/${id}`);

export const useDeleteServiceList = () => useInvalidatingMutation(deleteServiceList, serviceListKeys.all);

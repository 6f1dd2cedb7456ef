import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceListKeys } from '../types';

/** Deletes the list item as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteServiceList = ({ id, version }: Versioned) => remove(`/list-of-services/${id}`, version);

export const useDeleteServiceList = () => useInvalidatingMutation(deleteServiceList, serviceListKeys.all);

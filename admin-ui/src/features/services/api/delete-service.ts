import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceKeys } from '../types';

/** Deletes the service as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteService = ({ id, version }: Versioned) => remove(`/our-services/${id}`, version);

export const useDeleteService = () => useInvalidatingMutation(deleteService, serviceKeys.all);

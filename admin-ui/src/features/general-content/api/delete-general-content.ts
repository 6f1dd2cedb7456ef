import type { Versioned } from '@/components/lifecycle/api';
import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { generalContentKeys } from '../types';

/** Deletes the entry as the list read it (`If-Match`): a 409 when it changed since. */
export const deleteGeneralContent = ({ id, version }: Versioned) => remove(`/general-content-section/${id}`, version);

export const useDeleteGeneralContent = () => useInvalidatingMutation(deleteGeneralContent, generalContentKeys.all);

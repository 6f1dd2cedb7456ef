import { remove } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { generalContentKeys } from '../types';

export const deleteGeneralContent = (id: number) => remove(`/general-content-section/${id}`);

export const useDeleteGeneralContent = () => useInvalidatingMutation(deleteGeneralContent, generalContentKeys.all);

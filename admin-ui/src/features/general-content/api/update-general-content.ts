import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { generalContentKeys, type GeneralContent, type GeneralContentInput } from '../types';

export const updateGeneralContent = ({ id, input }: { id: number; input: GeneralContentInput }) =>
  save<GeneralContent>('PUT', `/general-content-section/${id}`, input);

export const useUpdateGeneralContent = () => useInvalidatingMutation(updateGeneralContent, generalContentKeys.all);

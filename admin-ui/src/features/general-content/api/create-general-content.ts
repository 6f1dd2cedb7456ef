import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { generalContentKeys, type GeneralContent, type GeneralContentInput } from '../types';

export const createGeneralContent = (input: GeneralContentInput) =>
  save<GeneralContent>('POST', '/general-content-section', input);

export const useCreateGeneralContent = () => useInvalidatingMutation(createGeneralContent, generalContentKeys.all);

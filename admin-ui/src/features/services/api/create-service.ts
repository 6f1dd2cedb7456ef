import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceKeys, type Service, type ServiceInput } from '../types';

export const createService = (input: ServiceInput) => save<Service>('POST', '/our-services', input);

export const useCreateService = () => useInvalidatingMutation(createService, serviceKeys.all);

import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceKeys, type Service, type ServiceInput } from '../types';

export const updateService = ({ id, input }: { id: number; input: ServiceInput }) =>
  save<Service>('PUT', `/our-services/${id}`, input);

export const useUpdateService = () => useInvalidatingMutation(updateService, serviceKeys.all);

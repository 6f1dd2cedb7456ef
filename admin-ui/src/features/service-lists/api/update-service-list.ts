import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceListKeys, type ServiceListInput, type ServiceListItem } from '../types';

export const updateServiceList = ({ id, input }: { id: number; input: ServiceListInput }) =>
  save<ServiceListItem>('PUT', `/list-of-services/${id}`, input);

export const useUpdateServiceList = () => useInvalidatingMutation(updateServiceList, serviceListKeys.all);

import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { serviceListKeys, type ServiceListInput, type ServiceListItem } from '../types';

export const createServiceList = (input: ServiceListInput) => save<ServiceListItem>('POST', '/list-of-services', input);

export const useCreateServiceList = () => useInvalidatingMutation(createServiceList, serviceListKeys.all);

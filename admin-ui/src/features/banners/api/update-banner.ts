import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { bannerKeys, type Banner, type BannerInput } from '../types';

/** A banner's save body (and its preview's): an array holding the one banner. */
export const bannerBody = <T,>(input: T): T[] => [input];

export const updateBanner = ({ id, input }: { id: number; input: BannerInput }) =>
  save<Banner>('PUT', `/flashy-banner/update-flashy-banner-by-id/${id}`, bannerBody(input));

export const useUpdateBanner = () => useInvalidatingMutation(updateBanner, bannerKeys.all);

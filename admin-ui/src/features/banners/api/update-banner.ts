import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { bannerKeys, type Banner, type BannerInput } from '../types';

/** The body is an array holding the one banner. */
export const updateBanner = ({ id, input }: { id: number; input: BannerInput }) =>
  save<Banner>('PUT', `/flashy-banner/update-flashy-banner-by-id/${id}`, [input]);

export const useUpdateBanner = () => useInvalidatingMutation(updateBanner, bannerKeys.all);

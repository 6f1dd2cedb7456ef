import { useMutation } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/mutations';
import { accountKeys, type Account, type TotpSetup } from '../types';

/**
 * A new secret, its `otpauth://` address and that address as an SVG QR code, drawn by the server.
 * The account's password is required: a stolen token alone cannot enrol a device.
 */
export const setUpTotp = (password: string) => save<TotpSetup>('POST', '/account/totp/setup', { password });
export const useSetUpTotp = () => useMutation({ mutationFn: setUpTotp });

/** Confirms with a code of the app; returns the ten recovery codes (shown once). */
export const enableTotp = (code: string) => save<{ recovery_codes: string[] }>('POST', '/account/totp/enable', { code });
export const useEnableTotp = () => useInvalidatingMutation(enableTotp, accountKeys.all);

export const disableTotp = (password: string) => save<Account>('POST', '/account/totp/disable', { password });
export const useDisableTotp = () => useInvalidatingMutation(disableTotp, accountKeys.all);

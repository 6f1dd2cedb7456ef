import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { endSession } from '@/lib/auth-storage';
import { resetPublishTracking } from '@/lib/publish-status';

export const logout = () => request<{ message?: string }>('/logout', { method: 'POST' });

/** Ends the session on the server, then here, whatever the server answered. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      resetPublishTracking();
      queryClient.clear();
      endSession();
    },
  });
};

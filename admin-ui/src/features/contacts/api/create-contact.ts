import { useMutation, useQueryClient } from '@tanstack/react-query';
import { save } from '@/lib/api-client';
import { inboxKeys } from '@/lib/inbox';
import type { ContactInput, CreatedContact } from '../types';

export const createContact = (input: ContactInput) => save<CreatedContact>('POST', '/contact-us', input);

/** Files the enquiry; the desk's lists and the menu's count are read again. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

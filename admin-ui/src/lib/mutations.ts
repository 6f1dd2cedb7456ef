import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A mutation that refreshes every query under `key` once it succeeds (e.g. the list after a delete). */
export function useInvalidatingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  key: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Form values are strings; the API takes display orders as numbers. */
export function toNumber(value: unknown): number {
  return Number(String(value ?? '').trim());
}

/** An optional Arabic twin: `null` when blank. */
export function twin(value: unknown): string | null {
  const text = String(value ?? '').trim();
  return text === '' ? null : text;
}

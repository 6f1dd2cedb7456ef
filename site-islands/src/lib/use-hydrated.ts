import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False on the server and during hydration, true afterwards: lets an island enhance its
 * server markup (roles that only make sense with JavaScript) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

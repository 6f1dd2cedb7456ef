/**
 * Fields shown for reference only (a translator's non-Arabic fields): a disabled fieldset holds
 * the native controls, and the rich-text and upload fields read `useLocked()` to stay still too.
 */
import { createContext, useContext, type ReactNode } from 'react';

const LockedContext = createContext(false);

/** True inside locked fields. */
export const useLocked = () => useContext(LockedContext);

export function LockedFields({ locked, note, children }: { locked: boolean; note: string; children: ReactNode }) {
  if (!locked) return <>{children}</>;
  return (
    <LockedContext.Provider value>
      <p className="form__hint form__hint--locked" role="note">
        {note}
      </p>
      <fieldset className="form__locked" disabled>
        {children}
      </fieldset>
    </LockedContext.Provider>
  );
}

// A form's send button that needs the connection: disabled offline with the reason beside it, a spinner while it sends.

import type { ReactNode } from 'react';
import { texts } from '../contract/messages';

export interface OnlineSubmitProps {
  /** The id the reason is given under, for the button's description. */
  id: string;
  online: boolean;
  busy: boolean;
  className: string;
  children: ReactNode;
}

export function OnlineSubmit({ id, online, busy, className, children }: OnlineSubmitProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <button type="submit" className={`${className} self-start`} disabled={!online || busy} aria-describedby={online ? undefined : id}>
        {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {children}
      </button>
      {online ? null : (
        <p id={id} className="text-sm" role="status">
          {texts.needsNetwork}
        </p>
      )}
    </div>
  );
}

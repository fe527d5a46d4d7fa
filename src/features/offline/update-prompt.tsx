// 'A new version is available' with a Reload action, shown while a new service worker waits.

import { texts } from '../../contract/messages';
import { acceptUpdate, dismissUpdate, useUpdateWaiting } from './register-sw';

export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="toast toast-bottom toast-center z-50 w-full max-w-md px-4 sm:toast-end" role="status" aria-live="polite">
      <div className="alert alert-info flex flex-wrap items-center gap-3 shadow-lg">
        <span className="font-semibold">{texts.newVersion}</span>
        <div className="ml-auto flex gap-2">
          <button type="button" className="btn btn-ghost min-h-11" onClick={dismissUpdate}>
            Later
          </button>
          <button type="button" className="btn btn-primary min-h-11" onClick={acceptUpdate}>
            Reload
          </button>
        </div>
      </div>
    </div>
  );
}

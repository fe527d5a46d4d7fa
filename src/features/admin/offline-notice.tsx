// Admin actions need the network (docs/architecture.md, "Offline"): while offline their buttons are disabled
// and this says why, once, above the screen's content.

import { texts } from '../../contract/messages';

export function OfflineNotice({ online, id }: { online: boolean; id: string }) {
  if (online) return null;
  return (
    <div id={id} role="status" className="alert alert-warning mb-4">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
      </svg>
      <span>{texts.needsNetwork} Actions come back when the connection does.</span>
    </div>
  );
}

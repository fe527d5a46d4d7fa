// The navbar's status: offline or online, and how many saved orders wait to be sent or need attention; it
// opens This Device, where each saved order shows where it stands.

import { Link } from '@tanstack/react-router';
import { texts } from '../../contract/messages';
import { useSession } from '../auth/session';
import { useOnline } from './network-status';
import { useOutbox } from './use-outbox';

export function OfflineIndicator() {
  const online = useOnline();
  const { user } = useSession();
  const items = useOutbox(user?.email ?? null) ?? [];
  const waiting = items.filter((item) => item.state === 'waiting').length;
  const attention = items.length - waiting;
  if (online && items.length === 0) return <span className="sr-only" role="status" aria-live="polite" />;

  const parts = [
    online ? null : texts.offline,
    waiting > 0 ? `${waiting} waiting` : null,
    attention > 0 ? `${attention} ${texts.needsAttention.toLowerCase()}` : null,
  ].filter(Boolean);
  const label = parts.join(' · ');
  // Below xl the bar (with its links from lg) has room for a few characters only: the state and one count.
  const short = [online ? null : texts.offline, items.length > 0 ? String(items.length) : null].filter(Boolean).join(' · ');
  const tone = attention > 0 ? 'badge-error' : online ? 'badge-info' : 'badge-warning';
  const badge = (
    <span className={`badge ${tone} gap-1 whitespace-nowrap font-semibold`} data-testid="offline-indicator">
      {online ? null : (
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.6 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.6-2.3M15.4 10.2A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
        </svg>
      )}
      <span className="hidden xl:inline">{label}</span>
      <span className="xl:hidden" aria-hidden="true">
        {short}
      </span>
      <span className="sr-only xl:hidden">{label}</span>
    </span>
  );
  return (
    <span role="status" aria-live="polite" className="flex items-center">
      {items.length > 0 ? (
        <Link to="/dashboard/this-device" className="flex min-h-11 items-center" aria-label={`${label}: open This Device`}>
          {badge}
        </Link>
      ) : (
        badge
      )}
    </span>
  );
}

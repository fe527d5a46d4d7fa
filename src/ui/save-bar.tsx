// The foot of a form that saves the dealer's own data (My Profile, My Company): the save button with a
// spinner while it saves, "You have unsaved changes" beside it, or, without a connection, why it waits.

import { texts } from '../contract/messages';

export function SaveBar({ id, label, online, saving, dirty }: { id: string; label: string; online: boolean; saving: boolean; dirty: boolean }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <button type="submit" className="btn btn-primary" disabled={!online || saving} aria-describedby={online ? undefined : `${id}-offline`}>
        {saving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {label}
      </button>
      {online ? (
        dirty ? (
          <span className="text-sm text-base-content/70">You have unsaved changes.</span>
        ) : null
      ) : (
        <p id={`${id}-offline`} className="text-sm text-warning-content" role="status">
          {texts.needsNetwork}
        </p>
      )}
    </div>
  );
}

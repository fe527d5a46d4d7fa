// My Profile's "Notifications on this device": turns the shop's notifications on or off for this browser, says why
// when the browser cannot or will not show them, and chooses which kinds the account receives on all its devices
// (docs/notifications.md).

import { useEffect, useState } from 'react';
import { texts } from '../../contract/messages';
import { PUSH_KIND_INFO, type PushKind } from '../../contract/push';
import { toast } from '../../ui/toast';
import { deviceState, PushSetupError, registerDevice, turnOff, turnOn, type DeviceState } from '../../api/push-device';
import { usePushSettings, useUpdatePushSettings } from './push-settings';

const STATE_TEXT: Record<DeviceState, string> = {
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  denied:
    'Your browser blocks notifications from this shop. Allow them in the browser’s site settings (the icon left of the address), then reload this page to turn them on.',
  unsupported:
    'This browser cannot show notifications from the shop. On an iPhone or iPad, add the shop to your Home Screen and open it from there; elsewhere, use a current Chrome, Edge, Firefox or Safari.',
};

function KindChoices({ email, online }: { email: string; online: boolean }) {
  const settings = usePushSettings(email);
  const update = useUpdatePushSettings(email);
  // The switch moves in the same frame as the tap: the choice being saved is shown until the server answers,
  // then the server's settings (the choice before, with a message, if the save failed).
  const [saving, setSaving] = useState<PushKind[] | null>(null);
  if (!settings.data) return settings.isError ? <p className="text-sm text-error">Your notification choices could not be loaded.</p> : null;
  const { kinds } = settings.data;
  const muted = saving ?? settings.data.muted;
  if (kinds.length === 0) return null;
  const toggle = (kind: PushKind, on: boolean) => {
    const next = on ? muted.filter((k) => k !== kind) : [...muted, kind];
    setSaving(next);
    update.mutate(next, {
      onError: () => toast.error('Your choice was not saved. Try again.'),
      onSettled: (_saved, _error, sent) => setSaving((shown) => (shown === sent ? null : shown)),
    });
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Tell me when (on all my devices)</legend>
      {kinds.map((kind) => (
        <label key={kind} className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary mt-0.5 shrink-0"
            checked={!muted.includes(kind)}
            disabled={!online}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
          <span>{PUSH_KIND_INFO[kind].label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function NotificationSettings({ email, online }: { email: string; online: boolean }) {
  const settings = usePushSettings(email);
  const [state, setState] = useState<DeviceState | null>(null);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void deviceState().then(async (found) => {
      if (!live) return;
      setState(found.state);
      setSubscription(found.subscription);
      // The device notifies whoever is signed in on it: make sure the server knows it is this account's.
      if (found.subscription && navigator.onLine) await registerDevice(found.subscription).catch(() => undefined);
    });
    return () => {
      live = false;
    };
  }, [email]);

  const enable = async () => {
    if (!settings.data) return;
    setBusy(true);
    setProblem(null);
    try {
      const next = await turnOn(settings.data.publicKey);
      setState(next);
      setSubscription(next === 'on' ? ((await deviceState()).subscription ?? null) : null);
      if (next === 'on') toast.success('Notifications are on for this device.');
    } catch (error) {
      setProblem(error instanceof PushSetupError ? error.message : 'Notifications could not be turned on. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    if (!subscription) return;
    setBusy(true);
    setProblem(null);
    try {
      await turnOff(subscription);
      setState('off');
      setSubscription(null);
    } catch {
      setProblem('Notifications could not be turned off. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="notifications-heading" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications on this device
      </h2>
      <p className="mt-1 text-sm text-base-content/70">Hear of your orders even when the shop is closed, and see on the app’s icon what waits for you.</p>
      <div className="mt-4 grid gap-4">
        {state === null ? null : (
          <p role="status" data-testid="push-state">
            {STATE_TEXT[state]}
          </p>
        )}
        {state === 'off' || state === 'on' ? (
          <div className="flex flex-wrap items-center gap-3">
            {state === 'off' ? (
              <button type="button" className="btn btn-primary" onClick={() => void enable()} disabled={!online || busy || !settings.data}>
                Turn on notifications
              </button>
            ) : (
              <button type="button" className="btn btn-outline" onClick={() => void disable()} disabled={!online || busy}>
                Turn off on this device
              </button>
            )}
            {online ? null : <span className="text-sm text-base-content/70">{texts.needsNetwork}</span>}
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm text-error">
            {problem}
          </p>
        ) : null}
        <KindChoices email={email} online={online} />
      </div>
    </section>
  );
}

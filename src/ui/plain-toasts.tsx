// The toasts when sonner's code cannot be loaded (offline before the service worker holds it, or a chunk
// gone after an update): the same messages, read out and shown in a plain list top-right for the same
// time, with their action as a button, so no message is lost with sonner (src/ui/toast-host.tsx).

import { useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '../config/ui';
import { attachToasts, type ToastCall } from './toast';

interface Shown extends ToastCall {
  id: number;
}

const TONE: Record<ToastCall['kind'], string> = { success: 'alert-success', error: 'alert-error', info: 'alert-info', warning: 'alert-warning' };

export default function PlainToasts() {
  const [shown, setShown] = useState<Shown[]>([]);
  useEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const detach = attachToasts(
      (call) => {
        next += 1;
        const id = next;
        // A toast with an id replaces the one shown with the same id, as in sonner.
        setShown((list) => [{ ...call, id }, ...list.filter((item) => call.options?.id === undefined || item.options?.id !== call.options.id)]);
        const timer = setTimeout(() => {
          timers.delete(timer);
          setShown((list) => list.filter((item) => item.id !== id));
        }, TOAST_DURATION_MS);
        timers.add(timer);
      },
      (toastId) => setShown((list) => list.filter((item) => item.options?.id !== toastId)),
    );
    return () => {
      detach();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  const dismiss = (id: number) => setShown((list) => list.filter((item) => item.id !== id));
  return (
    <section aria-label="Notifications" aria-live="polite" className="toast toast-top toast-end top-16 z-50">
      {shown.map((item) => {
        const action = item.options?.action;
        return (
          <div key={item.id} role={item.kind === 'error' ? 'alert' : 'status'} className={`alert ${TONE[item.kind]} max-w-sm`}>
            <div>
              <p>{item.message}</p>
              {typeof item.options?.description === 'string' ? <p className="text-sm">{item.options.description}</p> : null}
            </div>
            {action && typeof action === 'object' && 'label' in action ? (
              <button
                type="button"
                className="btn btn-sm whitespace-nowrap"
                onClick={(event) => {
                  action.onClick(event);
                  dismiss(item.id);
                }}
              >
                {action.label}
              </button>
            ) : null}
            <button type="button" className="btn btn-ghost btn-sm" aria-label="Close" onClick={() => dismiss(item.id)}>
              ×
            </button>
          </div>
        );
      })}
    </section>
  );
}

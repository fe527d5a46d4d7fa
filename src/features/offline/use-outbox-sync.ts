// Runs the outbox from the page for as long as the app is open and tells the user what happened to
// their saved orders: sent, needing attention, or waiting for them to sign in again.

import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast';
import { toasts } from '../../contract/messages';
import { onOutboxReport, publishOutboxReport, startOutboxRunner, type FlushReport, type RunnerSession } from '../../offline/outbox';
import { getSession, subscribeSession } from '../auth/session';
import { onWorkerFlush } from './register-sw';

const MY_ORDERS = '/dashboard/my-orders';

/** The runner sends the outbox of whoever is signed in on this page. */
const signedIn: RunnerSession = { email: () => getSession().user?.email ?? null, subscribe: subscribeSession };

/** `onSent` runs after orders reached the server, so their lists can be fetched again. */
export function useOutboxSync(onSent: () => void): void {
  const navigate = useNavigate();
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);

  useEffect(() => {
    let signInShown = false;
    const handle = (report: FlushReport) => {
      // The number it got is what the dealer quotes from now on; My Orders shows it too.
      for (const sent of report.sent) {
        if (sent.approval) {
          const what = sent.approval.decision === 'approve' ? 'approval' : 'decline';
          toast.success(`Your ${what} of ${sent.orderNumber ?? sent.orderName} was sent.`, {
            description: 'The buyer is told, and My Company shows what is left.',
          });
          continue;
        }
        if (sent.quote) {
          toast.success(`Your quote request for ${sent.orderName} was sent.`, {
            description: `Its number is ${sent.orderNumber ?? ''}. The shop answers on Quotes.`,
            action: { label: 'Quotes', onClick: () => void navigate({ to: '/dashboard/quotes' }) },
          });
          continue;
        }
        const number = sent.orderNumber ? `Its order number is ${sent.orderNumber}.` : '';
        // An order on account is not paid from the dashboard: it is confirmed, or waits for the shop (My Orders says why).
        if (sent.status === 'Confirmed' && sent.depositDue)
          toast.success(`Your saved ${sent.orderName} order was sent and confirmed on account.`, {
            description: `${number} Pay its deposit by card in My Orders: it ships once the deposit is paid.`.trim(),
            action: { label: 'Review', onClick: () => void navigate({ to: MY_ORDERS }) },
          });
        else if (sent.status === 'Confirmed')
          toast.success(`Your saved ${sent.orderName} order was sent and confirmed on account.`, { description: number || undefined });
        else if (sent.status === 'On hold')
          toast.warning(`Your saved ${sent.orderName} order was sent and is on hold.`, {
            description: `${number} It waits for the shop to release it; My Orders says why.`.trim(),
            action: { label: 'Review', onClick: () => void navigate({ to: MY_ORDERS }) },
          });
        else toast.success(toasts.queuedOrderSent(sent.orderName), number ? { description: number } : undefined);
      }
      for (const item of report.needsAttention) {
        toast.warning(toasts.queuedOrderNeedsAttention(item.orderName), {
          description: item.message,
          action: { label: 'Review', onClick: () => void navigate({ to: MY_ORDERS }) },
        });
      }
      if (report.sent.length > 0) onSentRef.current();
      // One reminder per sign-in problem, not one per timer tick.
      if (report.signInRequired && !signInShown) {
        signInShown = true;
        toast.error(toasts.signInToSend, {
          action: { label: 'Sign in', onClick: () => void navigate({ to: '/login', search: { redirect: MY_ORDERS } }) },
        });
      }
      if (!report.signInRequired && report.ran) signInShown = false;
    };
    const stopReports = onOutboxReport(handle);
    const stopWorker = onWorkerFlush(publishOutboxReport);
    const stopRunner = startOutboxRunner(signedIn);
    return () => {
      stopRunner();
      stopWorker();
      stopReports();
    };
  }, [navigate]);
}

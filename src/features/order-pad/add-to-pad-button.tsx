// "Add to order" on a catalogue card and on the purchase page: puts the tool on the dealer's order pad at
// its minimum (a whole number of packs) and says so, with the way to the pad. Signed-out visitors are sent
// to sign in first, as Order Now does; admins cannot order, so they do not get the button.

import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from '../../ui/toast';
import { toasts } from '../../contract/messages';
import type { Product } from '../../contract/product';
import { useSession } from '../auth/session';
import { addToPad } from '../../offline/store';
import { formatCount } from '../../contract/pricing';
import { smallestAllowed } from '../../contract/quantity-rules';

export interface AddToPadButtonProps {
  product: Pick<Product, '_id' | 'name' | 'minOrderQnt' | 'packSize'>;
  className?: string;
  /** Ties the button to the tool's name where the card shows it, so "Add to order" says which tool. */
  describedBy?: string;
}

export function AddToPadButton({ product, className = 'btn btn-outline btn-primary w-full', describedBy }: AddToPadButtonProps) {
  const { user, admin } = useSession();
  // The router itself, not useNavigate: on the home page this button ships with the entry, and useNavigate
  // costs its first load about 3 KB gzipped where useRouter costs nothing (docs/performance.md).
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  if (admin === true) return null;

  const add = async () => {
    if (!user) {
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
      return;
    }
    const quantity = smallestAllowed(product);
    setBusy(true);
    try {
      await addToPad(user.email, product._id, quantity);
      toast.success(`${product.name}: ${formatCount(quantity)} pcs. added to your order pad.`, {
        action: { label: 'Open order pad', onClick: () => void router.navigate({ to: '/dashboard/order-pad' }) },
      });
    } catch {
      toast.error(toasts.tryAgain);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className={className} aria-describedby={describedBy} disabled={busy} onClick={() => void add()}>
      Add to order
    </button>
  );
}

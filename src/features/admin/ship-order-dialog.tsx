// Mark shipped: the confirmation before a paid order is shipped, with the carrier and tracking number
// the dealer will see, both optional. They are checked here with the server's own rules, so a mistake is
// shown by its field before anything is sent; the server checks them again.

import { useId, useState } from 'react';
import * as v from 'valibot';
import { CARRIER_MAX_LENGTH, ShipOrderBodySchema, TRACKING_NUMBER_MAX_LENGTH, type Order, type ShipOrderBody } from '../../contract/order';
import { formatCount } from '../../contract/pricing';
import { ConfirmModal } from '../../ui/confirm-modal';
import { fieldAria, FormField } from '../../ui/form-field';
import { orderTitle } from '../../ui/order-lines';

export interface ShipOrderDialogProps {
  /** The order to ship; null while the dialog is closed. */
  order: Order | null;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  error: string | null;
  onConfirm: (shipping: ShipOrderBody) => void;
  onClose: () => void;
}

type FieldErrors = Partial<Record<keyof ShipOrderBody, string>>;

function fieldErrors(fields: ShipOrderBody): { shipping: ShipOrderBody | null; errors: FieldErrors } {
  const result = v.safeParse(ShipOrderBodySchema, fields);
  if (result.success) return { shipping: result.output, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if ((key === 'carrier' || key === 'trackingNumber') && !errors[key]) errors[key] = issue.message;
  }
  return { shipping: null, errors };
}

export function ShipOrderDialog({ order, busy, error, onConfirm, onClose }: ShipOrderDialogProps) {
  const ids = useId();
  const [fields, setFields] = useState({ carrier: '', trackingNumber: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setFields({ carrier: '', trackingNumber: '' });
    setErrors({});
    onClose();
  };
  const confirm = () => {
    const checked = fieldErrors(fields);
    setErrors(checked.errors);
    if (checked.shipping) onConfirm(checked.shipping);
  };
  const change = (key: keyof ShipOrderBody, value: string) => {
    setFields({ ...fields, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  return (
    <ConfirmModal
      open={order !== null}
      title="Mark this order shipped?"
      confirmLabel="Mark shipped"
      tone="primary"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={close}
    >
      {order ? (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <p>
            <strong>{order.number ?? orderTitle(order)}</strong>: {orderTitle(order)}, {formatCount(order.orderQuantity)} pcs. for {order.userEmail}. The dealer
            gets an e-mail once it can no longer be undone, a minute from now.
          </p>
          <FormField id={`${ids}-carrier`} label="Carrier (optional)" error={errors.carrier}>
            <input
              {...fieldAria(`${ids}-carrier`, errors.carrier)}
              className="input w-full"
              value={fields.carrier}
              maxLength={CARRIER_MAX_LENGTH + 10}
              autoComplete="off"
              placeholder="DHL Express"
              onChange={(event) => change('carrier', event.target.value)}
            />
          </FormField>
          <FormField id={`${ids}-tracking`} label="Tracking number (optional)" error={errors.trackingNumber}>
            <input
              {...fieldAria(`${ids}-tracking`, errors.trackingNumber)}
              className="input w-full font-mono"
              value={fields.trackingNumber}
              maxLength={TRACKING_NUMBER_MAX_LENGTH + 10}
              autoComplete="off"
              spellCheck={false}
              placeholder="JD014600006281230704"
              onChange={(event) => change('trackingNumber', event.target.value)}
            />
          </FormField>
          {/* Enter in a field confirms, as the dialog's button does. */}
          <button type="submit" hidden tabIndex={-1} />
        </form>
      ) : null}
    </ConfirmModal>
  );
}

import type { ConfirmCard } from './use-pay-order';

/** What the checkout gives either card form: the form confirms the card its own way, then calls onPay. */
export interface CardFormProps {
  /** Null until the payment secret has arrived (the spec: the form is disabled until then). */
  clientSecret: string | null;
  /** Why paying is not possible right now (offline, preparing, refused), or null. */
  disabledReason: string | null;
  paying: boolean;
  billing: { name: string; email: string };
  onPay: (clientSecret: string, confirmCard: ConfirmCard) => void;
}

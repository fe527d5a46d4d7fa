// Login's "Forgot password?": sends the provider's reset e-mail to the address typed above, and says so
// under the button (or why it could not).

import { useState } from 'react';
import * as v from 'valibot';
import { EmailSchema } from '../../contract/fields';
import { sendPasswordReset } from './password-reset';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' | 'failed'; message: string };

export function ForgotPassword({ email }: { email: () => string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const send = async () => {
    const checked = v.safeParse(EmailSchema, email());
    if (!checked.success) {
      setState({ kind: 'failed', message: 'Type your e-mail address above, then choose Forgot password? again.' });
      return;
    }
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'sent', message: await sendPasswordReset(checked.output) });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : 'The e-mail could not be sent. Please try again.' });
    }
  };
  return (
    <div className="grid gap-1 text-center text-sm">
      <button type="button" className="btn btn-link btn-sm min-h-11 justify-self-center" disabled={state.kind === 'sending'} onClick={() => void send()}>
        {state.kind === 'sending' ? 'Sending the e-mail…' : 'Forgot password?'}
      </button>
      <p role="status" aria-live="polite" className={state.kind === 'failed' ? 'text-error' : 'text-base-content/80'} data-testid="password-reset-status">
        {state.kind === 'sent' || state.kind === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}

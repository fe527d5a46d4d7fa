// The join page's content: what the invitation offers, and the way to accept it. Anyone holding the link
// sees the company, the role and the address invited; accepting takes the account whose verified address
// is that one, so the page says what to do for every other case (signed out, another address, not verified
// yet, an admin of the shop) before the server would refuse. An expired, revoked or used invitation shows
// the server's own words.

import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage, isSessionRefused } from '../../api/errors';
import { companyMessages, type PublicInvitation } from '../../contract/dealer-company';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { reportSessionExpired, useSession } from '../auth/session';
import { useAcceptInvitation } from './accept-invitation';
import { useInvitation } from './get-invitation';

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

function headline(invitation: PublicInvitation): string {
  return invitation.role === 'company_admin'
    ? `${invitation.companyName} invites you to buy for them and help run their account`
    : `${invitation.companyName} invites you to buy for them`;
}

function Notice({ tone, children }: { tone: 'info' | 'warning' | 'error'; children: ReactNode }) {
  const style = { info: 'alert-info', warning: 'alert-warning', error: 'alert-error' }[tone];
  return (
    <div role={tone === 'info' ? 'status' : 'alert'} className={`alert ${style} alert-soft`}>
      <span>{children}</span>
    </div>
  );
}

export function JoinCompany({ token, online }: { token: string; online: boolean }) {
  const invitation = useInvitation(token);
  const { user, admin } = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  if (invitation.isPending) return <Spinner label="Loading the invitation" />;
  if (invitation.isError) {
    const error = invitation.error;
    const known = error instanceof ApiError && (error.status === 404 || error.status === 410);
    return (
      <div className="grid gap-4">
        <Notice tone="error">{known ? error.message : errorMessage(error)}</Notice>
        {known ? null : (
          <button type="button" className="btn btn-outline w-fit" onClick={() => void invitation.refetch()}>
            Try again
          </button>
        )}
        <Link to="/" className="link">
          Go to the home page
        </Link>
      </div>
    );
  }

  const data = invitation.data;
  const here = `/join/${token}`;
  const sameAddress = user !== null && user.email.toLowerCase() === data.email;

  const onJoin = async () => {
    setFailure(null);
    try {
      const joined = await accept.mutateAsync(token);
      toast.success(`You now buy for ${joined.company.name}`);
      await navigate({ to: '/dashboard/my-company' });
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      setFailure(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="invitation-title" className="grid gap-5 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8">
      <div className="grid gap-2">
        <h2 id="invitation-title" className="text-2xl font-bold tracking-tight break-words">
          {headline(data)}
        </h2>
        <p className="text-base-content/80">
          The invitation is for <strong className="break-all">{data.email}</strong>, as a {data.role === 'company_admin' ? 'company admin' : 'buyer'}. It is
          open until {day(data.expiresAt)}.
        </p>
      </div>

      {user === null ? (
        <div className="grid gap-3">
          <p>
            To accept, sign in with <strong className="break-all">{data.email}</strong>.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to="/login" search={{ redirect: here }} className="btn btn-primary">
              Sign in to accept
            </Link>
            <Link to="/register" search={{ redirect: here }} className="btn btn-outline">
              Register with this address
            </Link>
          </div>
          <p className="text-sm text-base-content/70">
            New here? Register with {data.email}: you come back to this page, and once you have opened the verification link we e-mail you, you can join.
          </p>
        </div>
      ) : admin === true ? (
        <Notice tone="warning">{companyMessages.adminsCannotJoin}</Notice>
      ) : !sameAddress ? (
        <Notice tone="warning">
          You are signed in as {user.email}. {companyMessages.invitationWrongAddress(data.email)}
        </Notice>
      ) : (
        <div className="grid gap-3">
          {user.emailVerified ? null : <Notice tone="warning">{companyMessages.invitationUnverified(data.email)}</Notice>}
          <p className="text-sm text-base-content/70">
            If you buy for a company of your own that has nobody else in it, it is closed when you join; your past orders keep its name.
          </p>
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <button type="button" className="btn btn-primary w-full sm:w-fit" disabled={!online || accept.isPending} onClick={() => void onJoin()}>
            {accept.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Join {data.companyName}
          </button>
        </div>
      )}
    </section>
  );
}

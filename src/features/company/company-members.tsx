// My Company's people, for its company admin: the members with their role and whether a buyer sees all of
// the company's orders, each changed at once; removing one after a confirmation; inviting someone by e-mail;
// and the invitations still open, each revocable. Each buyer's spending limits and whether they approve orders over
// one are set on the member's card (./member-limits.tsx). The company's last company admin cannot be demoted or
// removed: the screen says so before the server would refuse it. Buyers do not see this section (the
// server gives them no member list).

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, isSessionRefused } from '../../api/errors';
import { texts } from '../../contract/messages';
import { INVITATION_TTL_DAYS, InvitationBodySchema, type Invitation, type InvitationBody, type Member, type MemberRole } from '../../contract/dealer-company';
import type { CurrencyCode } from '../../contract/money';
import { ConfirmModal } from '../../ui/confirm-modal';
import { FormField, fieldAria } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { reportSessionExpired, showSaveFailure, useSession } from '../auth/session';
import { useInviteMember } from './invite-member';
import { MemberLimits } from './member-limits';
import { useRemoveMember } from './remove-member';
import { useRevokeInvitation } from './revoke-invitation';
import { useUpdateMember } from './update-member';

export const ROLE_LABELS: Record<MemberRole, string> = { company_admin: 'Company admin', buyer: 'Buyer' };

const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

function failed(error: unknown): void {
  if (isSessionRefused(error)) reportSessionExpired();
  else toast.error(errorMessage(error));
}

export interface CompanyMembersProps {
  companyName: string;
  /** The currency of the company's prices, in which a buyer's spending limits are set. */
  currency: CurrencyCode;
  members: Member[];
  invitations: Invitation[];
  online: boolean;
}

export function CompanyMembers({ companyName, currency, members, invitations, online }: CompanyMembersProps) {
  const { user } = useSession();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const admins = members.filter((m) => m.role === 'company_admin').length;
  const isLastAdmin = (member: Member) => member.role === 'company_admin' && admins <= 1;
  // While a change is on its way, its member shows it already: a toggle or a select that sprang back until
  // the server answered would look refused.
  const shown = (member: Member): Member => (update.isPending && update.variables.userId === member.userId ? { ...member, ...update.variables.body } : member);

  const change = async (member: Member, body: { role?: MemberRole; canSeeAllOrders?: boolean }, done: string) => {
    try {
      await update.mutateAsync({ userId: member.userId, body });
      toast.success(done);
    } catch (error) {
      failed(error);
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync(removing.userId);
      toast.success(`${removing.name || removing.email} no longer buys for ${companyName}`);
      setRemoving(null);
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      setRemoveError(errorMessage(error));
    }
  };

  const onRevoke = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success(`The invitation to ${invitation.email} is revoked`);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">People</h2>
      <ul className="grid gap-3" aria-label="Members">
        {members.map((stored) => {
          const member = shown(stored);
          const you = member.email === user?.email;
          const last = isLastAdmin(member);
          const who = member.name || member.email;
          return (
            <li key={member.userId} aria-label={member.email} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
              <div className="grid gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">
                    {who}
                    {you ? <span className="badge badge-ghost ml-2 align-middle">You</span> : null}
                  </p>
                  {member.name ? <p className="text-sm break-all text-base-content/70">{member.email}</p> : null}
                  {last ? (
                    <p className="mt-1 text-sm text-base-content/70">The company’s only admin: make someone else an admin first to change this.</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <label className="flex items-center gap-2 text-sm">
                    <span>Role</span>
                    <select
                      className="select select-sm min-h-11 w-40 sm:min-h-8"
                      aria-label={`Role of ${who}`}
                      value={member.role}
                      disabled={!online || last || update.isPending}
                      onChange={(event) => {
                        const role = event.target.value as MemberRole;
                        void change(member, { role }, `${who} is now a ${ROLE_LABELS[role].toLowerCase()}`);
                      }}
                    >
                      <option value="buyer">{ROLE_LABELS.buyer}</option>
                      <option value="company_admin">{ROLE_LABELS.company_admin}</option>
                    </select>
                  </label>
                  {member.role === 'buyer' ? (
                    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-8">
                      <input
                        type="checkbox"
                        className="toggle toggle-sm"
                        checked={member.canSeeAllOrders}
                        disabled={!online || update.isPending}
                        onChange={(event) => {
                          const canSeeAllOrders = event.target.checked;
                          void change(
                            member,
                            { canSeeAllOrders },
                            canSeeAllOrders ? `${who} now sees all of the company’s orders` : `${who} now sees only their own orders`,
                          );
                        }}
                      />
                      <span>Can see all orders</span>
                    </label>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error min-h-11 sm:min-h-8"
                    disabled={!online || last}
                    aria-label={`Remove ${who}`}
                    onClick={() => {
                      setRemoveError(null);
                      setRemoving(member);
                    }}
                  >
                    Remove
                  </button>
                </div>
                {/* Keyed by what the server holds, so a save or another admin's change starts the form again from it. */}
                <MemberLimits
                  key={`${stored.role}:${stored.orderLimitMinor ?? ''}:${stored.monthlyLimitMinor ?? ''}:${String(stored.isApprover ?? false)}`}
                  member={stored}
                  currency={currency}
                  online={online}
                />
              </div>
            </li>
          );
        })}
      </ul>

      <InviteForm online={online} />

      <div className="grid gap-2">
        <h3 className="font-semibold">Invitations waiting for an answer</h3>
        {invitations.length === 0 ? (
          <p className="text-sm text-base-content/70">None. An invitation is open for {INVITATION_TTL_DAYS} days, until it is accepted or you revoke it.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Open invitations">
            {invitations.map((invitation) => (
              <li
                key={invitation.id}
                aria-label={invitation.email}
                className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-all">{invitation.email}</p>
                  <p className="text-sm text-base-content/70">
                    {ROLE_LABELS[invitation.role]} · open until {day(invitation.expiresAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-sm min-h-11 sm:min-h-8"
                  disabled={!online || revoke.isPending}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() => void onRevoke(invitation)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmModal
        open={removing !== null}
        title={`Remove ${removing ? removing.name || removing.email : ''}?`}
        confirmLabel="Remove from the company"
        busy={remove.isPending}
        error={removeError}
        onConfirm={() => void onRemove()}
        onClose={() => setRemoving(null)}
      >
        <p>
          They stop buying for {companyName} at once. They keep their account and get a company of their own, so they can still order for themselves. Orders
          they placed for {companyName} stay with it.
        </p>
      </ConfirmModal>
    </div>
  );
}

const INVITE_FIELDS = ['email', 'role'] as const;

function InviteForm({ online }: { online: boolean }) {
  const id = useId();
  const invite = useInviteMember();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InvitationBody>({ resolver: valibotResolver(InvitationBodySchema), defaultValues: { email: '', role: 'buyer' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const sent = await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${sent.email}`);
      reset({ email: '', role: values.role });
    } catch (error) {
      const shown = showSaveFailure(error, INVITE_FIELDS, (field, message) => setError(field, { message }, { shouldFocus: true }));
      if (shown === 'other') setFailure(errorMessage(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Invite someone"
      aria-busy={isSubmitting}
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 className="font-semibold">Invite someone to buy for your company</h3>
      <p className="text-sm text-base-content/70">
        We e-mail them a link; they sign in or register with that address to join. A buyer orders; a company admin also manages the company, its locations and
        its people.
      </p>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem]">
        <FormField id={`${id}-email`} label="E-mail address" error={errors.email?.message}>
          <input
            {...fieldAria(`${id}-email`, errors.email?.message)}
            type="email"
            autoComplete="off"
            inputMode="email"
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            {...register('email')}
          />
        </FormField>
        <FormField id={`${id}-role`} label="Role" error={errors.role?.message}>
          <select {...fieldAria(`${id}-role`, errors.role?.message)} className="select w-full" {...register('role')}>
            <option value="buyer">{ROLE_LABELS.buyer}</option>
            <option value="company_admin">{ROLE_LABELS.company_admin}</option>
          </select>
        </FormField>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary" disabled={!online || isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Send invitation
        </button>
        {online ? null : (
          <p className="text-sm text-warning-content" role="status">
            {texts.needsNetwork}
          </p>
        )}
      </div>
    </form>
  );
}

// One company on the Companies page: its details, payment terms, people, sales reps and locations, and the
// decisions its status allows. Rejecting and suspending ask for the reason the dealer will read; every decision is confirmed.

import { useId, useState } from 'react';
import * as v from 'valibot';
import { errorMessage } from '../../api/errors';
import { DecisionReasonBodySchema, DECISION_REASON_MAX_LENGTH, type AdminCompany, type CompanyDecision } from '../../contract/company-admin';
import { ConfirmModal } from '../../ui/confirm-modal';
import { countryName } from '../../ui/country-name';
import { fieldAria, FormField } from '../../ui/form-field';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { CompanyPriceListField } from './company-price-list';
import { CompanyReps } from './company-reps';
import { CompanyStatusBadge, formatDay, formatMoment } from './company-status';
import { CompanyTerms } from './company-terms';
import { useDecideCompany } from './decide-company';
import { useCompanyDetail } from './get-companies';

interface DecisionText {
  button: string;
  title: string;
  confirm: string;
  tone: 'danger' | 'primary';
  explain: (name: string) => string;
  done: (name: string) => string;
  needsReason: boolean;
}

const DECISIONS: Record<CompanyDecision, DecisionText> = {
  approve: {
    button: 'Approve',
    title: 'Approve this company?',
    confirm: 'Approve',
    tone: 'primary',
    explain: (name) => `${name} can order from now on. Its company admins get an e-mail saying so.`,
    done: (name) => `${name} is approved`,
    needsReason: false,
  },
  reject: {
    button: 'Reject',
    title: 'Reject this application?',
    confirm: 'Reject',
    tone: 'danger',
    explain: (name) => `${name} cannot order. Its company admins get an e-mail with your reason.`,
    done: (name) => `${name} is rejected`,
    needsReason: true,
  },
  suspend: {
    button: 'Suspend',
    title: 'Suspend this company?',
    confirm: 'Suspend',
    tone: 'danger',
    explain: (name) => `${name} cannot order until you reinstate it. Its people see your reason.`,
    done: (name) => `${name} is suspended`,
    needsReason: true,
  },
  reinstate: {
    button: 'Reinstate',
    title: 'Reinstate this company?',
    confirm: 'Reinstate',
    tone: 'primary',
    explain: (name) => `${name} can order again.`,
    done: (name) => `${name} is reinstated`,
    needsReason: false,
  },
};

/** The decisions a company's status allows (the server checks the same). */
function decisionsFor(company: AdminCompany): CompanyDecision[] {
  switch (company.status) {
    case 'applied':
      return ['approve', 'reject'];
    case 'rejected':
      return ['approve'];
    case 'approved':
      return ['suspend'];
    case 'suspended':
      return ['reinstate'];
  }
}

const ROLE_LABELS = { company_admin: 'Company admin', buyer: 'Buyer' } as const;

export function CompanyDetail({ id, online, onBack }: { id: string; online: boolean; onBack: () => void }) {
  const detail = useCompanyDetail(id);
  const decide = useDecideCompany();
  const reasonId = useId();
  const [asking, setAsking] = useState<CompanyDecision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const back = (
    <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={onBack}>
      ← Back to companies
    </button>
  );
  if (!detail.data) {
    return (
      <div className="grid gap-4">
        {back}
        {detail.isError ? <QueryError what="company" query={detail} /> : <Spinner label="Loading the company" />}
      </div>
    );
  }
  const { company, members, locations, openInvitations, reps, account, priceList } = detail.data;

  const ask = (decision: CompanyDecision) => {
    setAsking(decision);
    setReason('');
    setReasonError(undefined);
    setFailure(null);
  };
  const confirm = () => {
    if (!asking) return;
    const text = DECISIONS[asking];
    let sent: string | undefined;
    if (text.needsReason) {
      const parsed = v.safeParse(DecisionReasonBodySchema, { reason });
      if (!parsed.success) {
        setReasonError(parsed.issues[0]?.message);
        return;
      }
      sent = parsed.output.reason;
    }
    decide.mutate(
      { id: company.id, decision: asking, ...(sent === undefined ? {} : { reason: sent }) },
      {
        onSuccess: () => {
          toast.success(text.done(company.name));
          setAsking(null);
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const text = asking ? DECISIONS[asking] : null;
  return (
    <div className="grid gap-6">
      {back}
      <section aria-label="Company details" className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-bold break-words">{company.name}</h2>
          <CompanyStatusBadge status={company.status} />
        </div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Country</dt>
          <dd>{countryName(company.country)}</dd>
          <dt className="font-medium">Tax or VAT number</dt>
          <dd>{company.taxNumber ?? 'None given'}</dd>
          <dt className="font-medium">Tax on its orders</dt>
          <dd>{account.taxExempt ? 'Exempt under the reverse charge' : 'The rate of the place each order ships to'}</dd>
          <dt className="font-medium">Registered</dt>
          <dd>{formatDay(company.createdAt)}</dd>
          {company.decidedAt ? (
            <>
              <dt className="font-medium">Last decision</dt>
              <dd>{formatMoment(company.decidedAt)}</dd>
            </>
          ) : null}
          {company.statusReason ? (
            <>
              <dt className="font-medium">Reason</dt>
              <dd className="break-words">{company.statusReason}</dd>
            </>
          ) : null}
          <dt className="font-medium">Open invitations</dt>
          <dd>{openInvitations}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          {decisionsFor(company).map((decision) => (
            <button
              key={decision}
              type="button"
              className={`btn ${DECISIONS[decision].tone === 'primary' ? 'btn-primary' : 'btn-error btn-outline'}`}
              disabled={!online}
              onClick={() => ask(decision)}
            >
              {DECISIONS[decision].button}
            </button>
          ))}
        </div>
      </section>

      <CompanyTerms key={company.id} company={company} account={account} online={online} />
      <CompanyPriceListField key={`${company.id}-${priceList?.id ?? 'none'}`} company={company} priceList={priceList} online={online} />

      <section aria-labelledby={`${reasonId}-people`} className="grid gap-3">
        <h2 id={`${reasonId}-people`} className="text-lg font-semibold">
          People ({members.length})
        </h2>
        <ul className="grid gap-2">
          {members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 p-3">
              <span className="grid">
                <span className="font-medium break-words">{member.name || member.email}</span>
                <span className="text-sm break-all text-base-content/70">{member.email}</span>
              </span>
              <span className="badge badge-outline">{ROLE_LABELS[member.role]}</span>
            </li>
          ))}
        </ul>
      </section>

      <CompanyReps company={company} reps={reps} online={online} />

      <section aria-labelledby={`${reasonId}-locations`} className="grid gap-3">
        <h2 id={`${reasonId}-locations`} className="text-lg font-semibold">
          Locations ({locations.length})
        </h2>
        {locations.length === 0 ? (
          <p className="text-base-content/70">No locations yet.</p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2">
            {locations.map((location) => (
              <li key={location.id} className="grid gap-1 rounded-box border border-base-300 bg-base-100 p-3">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {location.name}
                  {location.isDefault ? <span className="badge badge-sm badge-primary badge-outline">Default</span> : null}
                </span>
                <span className="text-sm break-words whitespace-pre-line">{location.address}</span>
                <span className="text-sm text-base-content/70">
                  {location.contactName} · {location.phone}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmModal
        open={text !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        cancelLabel="Cancel"
        tone={text?.tone ?? 'primary'}
        busy={decide.isPending}
        error={failure}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        <div className="grid gap-3">
          <p>{text?.explain(company.name)}</p>
          {text?.needsReason ? (
            <FormField id={reasonId} label="Reason (the dealer reads it)" error={reasonError}>
              <textarea
                {...fieldAria(reasonId, reasonError)}
                rows={3}
                maxLength={DECISION_REASON_MAX_LENGTH}
                className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
          ) : null}
        </div>
      </ConfirmModal>
    </div>
  );
}

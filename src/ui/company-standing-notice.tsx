// What a dealer reads while its company may not order: its application waits for the shop, or the shop
// rejected or suspended it, with the reason the admin gave (docs/decisions/040-dealer-companies.md).

import { companyMessages, type CompanyStatus } from '../contract/dealer-company';

const TEXT: Record<Exclude<CompanyStatus, 'approved'>, { title: string; body: string; tone: string }> = {
  applied: { title: 'Waiting for approval', body: companyMessages.notApproved, tone: 'alert-info' },
  rejected: { title: 'Application turned down', body: companyMessages.rejected, tone: 'alert-error' },
  suspended: { title: 'Company suspended', body: companyMessages.suspended, tone: 'alert-warning' },
};

export interface CompanyStandingNoticeProps {
  status: CompanyStatus;
  reason?: string | null | undefined;
}

/** Nothing for an approved company. */
export function CompanyStandingNotice({ status, reason }: CompanyStandingNoticeProps) {
  if (status === 'approved') return null;
  const text = TEXT[status];
  return (
    <div role="status" className={`alert alert-soft items-start ${text.tone}`} data-testid="company-standing">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {/* The words in the page's own colour: the soft alert's tone on its pale ground is too faint to read. */}
      <div className="grid gap-1 text-base-content">
        <p className="font-semibold">{text.title}</p>
        <p>{text.body}</p>
        {reason && status !== 'applied' ? (
          <p>
            The shop’s reason: <span className="font-medium break-words">{reason}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

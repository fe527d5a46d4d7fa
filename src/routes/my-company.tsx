// /dashboard/my-company, My Company: the dealer's company, its details, its locations and its people, from
// the server. Its company admin changes them and invites people; a buyer sees the details and locations
// read-only. Its approvers see the orders waiting for them first (To approve). Composes the company and offline features.

import { isNotFound } from '../api/errors';
import { ApprovalsList } from '../features/company/approvals-list';
import { companyMessages } from '../contract/dealer-company';
import { CompanyDetailsForm } from '../features/company/company-details-form';
import { CompanyLocations } from '../features/company/company-locations';
import { CompanyMembers } from '../features/company/company-members';
import { useMyCompany } from '../features/company/get-company';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { useOnline } from '../features/offline/network-status';
import { CompanyStandingNotice } from '../ui/company-standing-notice';
import { QueryError } from '../ui/query-error';
import { Spinner } from '../ui/spinner';

function MyCompany() {
  const online = useOnline();
  const company = useMyCompany();

  if (company.data) {
    const { data } = company;
    const editable = data.role === 'company_admin';
    return (
      <div className="grid gap-6">
        <CompanyStandingNotice status={data.company.status} reason={data.company.statusReason} />
        <section aria-label="Company details" className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
          <p className="mb-4 text-sm text-base-content/70">{editable ? 'You are this company’s admin.' : 'You buy for this company.'}</p>
          <CompanyDetailsForm key={data.company.id} company={data.company} editable={editable} online={online} />
        </section>
        <section aria-label="Company locations">
          <CompanyLocations locations={data.locations} company={data.company} editable={editable} online={online} />
        </section>
        {data.approver ? (
          <section aria-label="Orders to approve" id="to-approve">
            <ApprovalsList online={online} />
          </section>
        ) : null}
        {editable && data.members ? (
          <section aria-label="Company people">
            <CompanyMembers
              companyName={data.company.name}
              currency={data.currency ?? 'USD'}
              members={data.members}
              invitations={data.invitations ?? []}
              online={online}
            />
          </section>
        ) : null}
      </div>
    );
  }
  if (company.isError) {
    if (isNotFound(company.error)) return <p role="alert">{companyMessages.noCompany}</p>;
    return <QueryError what="company details" query={company} />;
  }
  return <Spinner label="Loading your company" />;
}

export default function DashboardCompanyPage() {
  return (
    <DashboardScreen path="/dashboard/my-company">
      <MyCompany />
    </DashboardScreen>
  );
}

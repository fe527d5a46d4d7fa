// Companies (admins): every dealer company, applications first. The list opens on the applications when
// there are any; search finds a company by its name or a member's e-mail. Opening a company shows its
// details, people and locations, and the decisions its status allows.

import { useEffect, useId, useState } from 'react';
import { ADMIN_COMPANIES_PAGE_SIZE, ADMIN_COMPANIES_SEARCH_MAX_LENGTH, type AdminCompany } from '../../contract/company-admin';
import { COMPANY_STATUSES, type CompanyStatus } from '../../contract/dealer-company';
import { countryName } from '../../ui/country-name';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { useOnline } from '../offline/network-status';
import { CompanyDetail } from './company-detail';
import { CompanyStatusBadge, STATUS_LABELS, formatDay } from './company-status';
import { useCompanyPage } from './get-companies';
import { OfflineNotice } from './offline-notice';
import { SearchBox, startsOver, type SearchValue } from './search-box';
import { usePageInRange } from './use-page-in-range';

/** `null` until the first answer says whether there are applications to open on. */
type StatusFilter = CompanyStatus | 'all' | null;

export function CompaniesTable() {
  const filterId = useId();
  const offlineId = useId();
  const online = useOnline();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>(null);
  const [search, setSearch] = useState<SearchValue>({ searchText: '', q: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const companies = useCompanyPage({ page, status: status === 'all' || status === null ? null : status, search: search.q });

  const appliedCount = companies.data?.appliedCount;
  useEffect(() => {
    if (status === null && appliedCount !== undefined) setStatus(appliedCount > 0 ? 'applied' : 'all');
  }, [status, appliedCount]);
  usePageInRange(companies.data?.total, ADMIN_COMPANIES_PAGE_SIZE, page, setPage);

  if (openId) return <CompanyDetail id={openId} online={online} onBack={() => setOpenId(null)} />;

  const changeSearch = (next: SearchValue) => {
    if (startsOver(search, next)) setPage(1);
    setSearch(next);
  };

  const columns: Column<AdminCompany>[] = [
    {
      header: 'Company',
      cell: (row) => (
        <span className="grid gap-0.5">
          <span className="font-medium break-words">{row.name}</span>
          <span className="text-sm text-base-content/70">
            {countryName(row.country)}
            {row.taxNumber ? ` · ${row.taxNumber}` : ''}
          </span>
        </span>
      ),
    },
    { header: 'Company admin', cell: (row) => <span className="break-all">{row.adminEmail ?? '—'}</span> },
    {
      header: 'Status',
      cell: (row) => (
        <span className="grid justify-items-start gap-1">
          <CompanyStatusBadge status={row.status} />
          {row.statusReason ? <span className="text-sm text-base-content/70 break-words">{row.statusReason}</span> : null}
        </span>
      ),
    },
    { header: 'Registered', cell: (row) => <span className="whitespace-nowrap">{formatDay(row.createdAt)}</span> },
    {
      header: 'Open',
      action: true,
      cell: (row) => (
        <button type="button" className="btn btn-sm btn-primary btn-outline" onClick={() => setOpenId(row.id)}>
          {row.status === 'applied' ? 'Review' : 'Open'}
          <span className="sr-only"> {row.name}</span>
        </button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="text-sm font-medium">
          Status
        </label>
        <select
          id={filterId}
          className="select w-full md:w-48"
          value={status ?? 'all'}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
        >
          <option value="all">All companies</option>
          {COMPANY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
              {value === 'applied' && appliedCount ? ` (${appliedCount})` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="md:max-w-xl md:flex-1">
        <SearchBox
          label="Search by company or e-mail"
          placeholder="Acme Tools or buyer@acme.example"
          maxLength={ADMIN_COMPANIES_SEARCH_MAX_LENGTH}
          value={search}
          onChange={changeSearch}
        />
      </div>
    </div>
  );

  const empty = search.q ? 'No company matches this search.' : status === 'applied' ? 'No company is waiting for approval.' : 'There are no companies here.';
  return (
    <div className="grid gap-4">
      <OfflineNotice online={online} id={offlineId} />
      {appliedCount ? (
        <p role="status" className="alert alert-info alert-soft">
          {appliedCount === 1 ? '1 company is waiting for your approval.' : `${appliedCount} companies are waiting for your approval.`}
        </p>
      ) : null}
      {companies.isError && !companies.data ? <QueryError what="companies" query={companies} /> : null}
      {companies.isPending || companies.data ? (
        <DataTable
          caption="Companies"
          columns={columns}
          rows={companies.data?.items}
          loading="Loading companies"
          rowKey={(row) => row.id}
          empty={empty}
          busy={companies.isFetching && !companies.isPending}
          toolbar={toolbar}
          stackBelow="laptop"
          pagination={
            companies.data ? { page: companies.data.page, pageSize: companies.data.pageSize, total: companies.data.total, onPageChange: setPage } : undefined
          }
        />
      ) : null}
    </div>
  );
}

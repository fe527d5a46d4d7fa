// The audit log (admins): who did what to companies, their people, sales reps and the shop's settings, newest first,
// each entry with what changed as "before → after". Narrowed by company, actor, action and days. Entries are
// never changed or deleted, so the page only reads.

import { useId, useState, type FormEvent } from 'react';
import { AUDIT_TEXT_MAX_LENGTH, type AuditEntryView } from '../../contract/company-admin';
import { formatPrice, isCurrency } from '../../contract/money';
import { formatPercent, formatRate } from '../../contract/price-list-admin';
import { formatDollars } from '../../contract/pricing';
import { formatRate as formatTaxRate } from '../../contract/tax';
import { QueryError } from '../../ui/query-error';
import { Spinner } from '../../ui/spinner';
import { STATUS_LABELS, formatMoment } from './company-status';
import { useAuditLog, type AuditFilter } from './get-audit';

const ACTION_LABELS: Record<string, string> = {
  'setting.changed': 'Changed a setting',
  'company.applied': 'Applied as a dealer',
  'company.approved': 'Approved the company',
  'company.rejected': 'Rejected the application',
  'company.suspended': 'Suspended the company',
  'company.reinstated': 'Reinstated the company',
  'company.updated': 'Changed the company’s details',
  'location.added': 'Added a location',
  'location.changed': 'Changed a location',
  'location.deleted': 'Deleted a location',
  'location.made_default': 'Made a location the default',
  'invitation.sent': 'Invited someone',
  'invitation.revoked': 'Withdrew an invitation',
  'member.joined': 'Joined the company',
  'member.role_changed': 'Changed someone’s role',
  'member.removed': 'Removed someone from the company',
  'user.made_rep': 'Made someone a sales rep',
  'user.made_customer': 'Made a sales rep a customer again',
  'rep.assigned': 'Assigned a sales rep to the company',
  'rep.unassigned': 'Removed a sales rep from the company',
  'order.placed_by_rep': 'Placed an order for the company',
  'company.terms_changed': 'Changed the payment terms',
  'order.on_account': 'Placed an order on account',
  'order.on_hold': 'Placed an order on account that went on hold',
  'order.released': 'Released an order on hold',
  'order.refused': 'Refused an order on hold',
  'invoice.paid_by_transfer': 'Recorded a bank transfer paying an invoice',
  'invoice.reminded': 'Sent a reminder of an unpaid invoice',
  'price_list.created': 'Made a price list',
  'price_list.changed': 'Changed a price list’s terms',
  'price_list.deleted': 'Deleted a price list',
  'price_list.entries_changed': 'Priced tools on a price list',
  'price_list.entry_removed': 'Removed a tool from a price list',
  'company.price_list_changed': 'Changed the company’s price list',
  'tax_rate.created': 'Added a tax rate',
  'tax_rate.changed': 'Changed a tax rate',
  'tax_rate.deleted': 'Deleted a tax rate',
  'saved_list.created': 'Saved a list of tools',
  'saved_list.changed': 'Changed a saved list',
  'saved_list.deleted': 'Deleted a saved list',
  'member.limits_changed': 'Changed someone’s spending limits',
  'order.awaiting_approval': 'Placed an order over their spending limit',
  'order.approved': 'Approved an order over a spending limit',
  'order.declined': 'Declined an order over a spending limit',
};

const ROLE_LABELS: Record<string, string> = { admin: 'Shop admin', rep: 'Sales rep', company_admin: 'Company admin', buyer: 'Buyer', customer: 'Customer' };

const NEW_CUSTOMER_LABELS: Record<string, string> = { order_at_once: 'Order at once', apply_and_wait: 'Apply and wait' };

const EMPTY: AuditFilter = { companyId: '', actor: '', action: '', from: '', to: '' };

/** The names of the fields an entry records, as people say them. */
const KEY_LABELS: Record<string, string> = {
  newCustomers: 'New customers',
  status: 'Status',
  statusReason: 'Reason',
  name: 'Name',
  country: 'Country',
  taxNumber: 'Tax number',
  role: 'Role',
  canSeeAllOrders: 'Sees all orders',
  rep: 'Sales rep',
  company: 'Company',
  companyDeleted: 'Company removed',
  companies: 'Companies',
  total: 'Total',
  currency: 'Currency',
  lines: 'Lines',
  location: 'Location',
  priceList: 'Price list',
  rateMicros: 'Rate per US dollar',
  defaultPercentOff: 'Default off',
  version: 'Version',
  entries: 'Tools priced',
  entry: 'Tool’s price',
  region: 'State or region',
  taxRateMicros: 'Tax rate',
  taxExempt: 'Exempt under the reverse charge',
  tools: 'Tools',
  pieces: 'Pieces',
  orderLimitMinor: 'Limit per order',
  monthlyLimitMinor: 'Limit per month',
  isApprover: 'Approves orders',
  limitKind: 'Limit gone over',
  limitMinor: 'Limit',
  spentMinor: 'Ordered earlier this month',
  reason: 'Reason',
};

/** The fields whose values are codes, with their words. */
const VALUE_LABELS: Record<string, Record<string, string>> = { newCustomers: NEW_CUSTOMER_LABELS, status: STATUS_LABELS, role: ROLE_LABELS };

/**
 * A value as a person reads it: a code in words, nothing as "—", a yes or no, anything else as compact JSON.
 * An order's `total` is in minor units of the entry's `currency`; entries written before currencies have
 * none and a total in whole dollars.
 */
function shown(value: unknown, key: string | null = null, currency: unknown = undefined): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return (key === null ? undefined : VALUE_LABELS[key]?.[value]) ?? value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // A price list's terms and entries (docs/decisions/045-price-lists-and-money.md): rates in millionths, percentages in basis points.
  if (key === 'rateMicros' && typeof value === 'number') return formatRate(value);
  // A tax rate, also in millionths, but a percentage (docs/decisions/046-tax-per-ship-to-location.md).
  if (key === 'taxRateMicros' && typeof value === 'number') return formatTaxRate(value);
  if (key === 'defaultPercentOff' && typeof value === 'number') return formatPercent(value);
  if (key === 'priceList' && asRecord(value)) return `${String(asRecord(value)?.['name'])} (${String(asRecord(value)?.['currency'])})`;
  if (key === 'entries' && Array.isArray(value)) return value.length === 1 ? '1 tool' : `${value.length} tools`;
  if (typeof value === 'number' && key === 'total') return isCurrency(currency) ? formatPrice(value, currency) : formatDollars(value);
  if (typeof value === 'number') return String(value);
  // The companies a sales rep had: how many, as their ids say nothing to a reader.
  if (key === 'companies' && Array.isArray(value)) return value.length === 1 ? '1 company' : `${value.length} companies`;
  return JSON.stringify(value);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The keys whose value changed, with their value before and after; one row for values that are not objects. */
export function differences(before: unknown, after: unknown): { key: string | null; before: string; after: string }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return before === after ? [] : [{ key: null, before: shown(before), after: shown(after) }];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((key) => JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]))
    .map((key) => ({ key, before: shown(b?.[key], key, b?.['currency']), after: shown(a?.[key], key, a?.['currency']) }));
}

function Entry({ entry, onCompany }: { entry: AuditEntryView; onCompany: (id: string, name: string) => void }) {
  const changes = differences(entry.before, entry.after);
  return (
    <li className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">{ACTION_LABELS[entry.action] ?? entry.action}</span>
        <time dateTime={entry.at} className="text-sm text-base-content/70">
          {formatMoment(entry.at)}
        </time>
      </div>
      <p className="text-sm">
        <span className="break-all">{entry.actorEmail}</span>{' '}
        <span className="badge badge-sm badge-outline">{ROLE_LABELS[entry.actorRole] ?? entry.actorRole}</span>
        {entry.companyId ? (
          <>
            {' '}
            on{' '}
            <button type="button" className="link link-primary break-words" onClick={() => onCompany(entry.companyId ?? '', entry.companyName ?? '')}>
              {entry.companyName ?? 'a company deleted since'}
            </button>
          </>
        ) : null}
        <span className="sr-only"> ({entry.action})</span>
      </p>
      {/* An account made a sales rep, a customer again, or assigned: whose, as its e-mail. */}
      {entry.subjectType === 'user' && entry.subjectId ? (
        <p className="text-sm">
          Account: <span className="break-all font-medium">{entry.subjectId}</span>
        </p>
      ) : null}
      {changes.length > 0 ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          {changes.map((change) => (
            <div key={change.key ?? '-'} className="contents">
              <dt className="font-medium text-base-content/80">{change.key === null ? 'Value' : (KEY_LABELS[change.key] ?? change.key)}</dt>
              <dd className="break-words">
                <span className="text-base-content/70">{change.before}</span> <span aria-label="became">→</span>{' '}
                <span className="font-medium">{change.after}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

export function AuditLog() {
  const id = useId();
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [companyName, setCompanyName] = useState('');
  const log = useAuditLog(filter);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const byCompany = (companyId: string, name: string) => {
    setCompanyName(name);
    setDraft((current) => ({ ...current, companyId }));
    setFilter((current) => ({ ...current, companyId }));
  };
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const field = (key: 'actor' | 'action' | 'from' | 'to') => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <div className="grid gap-4">
      <form
        role="search"
        aria-label="Filter the audit log"
        onSubmit={apply}
        className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 md:grid-cols-2 xl:grid-cols-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-actor`} className="text-sm font-medium">
            Who (e-mail)
          </label>
          <input {...field('actor')} type="search" className="input w-full" maxLength={AUDIT_TEXT_MAX_LENGTH} placeholder="admin@example.com" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-action`} className="text-sm font-medium">
            What
          </label>
          <select {...field('action')} className="select w-full">
            <option value="">Every action</option>
            {Object.entries(ACTION_LABELS).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">
            From
          </label>
          <input {...field('from')} type="date" className="input w-full" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-medium">
            To
          </label>
          <input {...field('to')} type="date" className="input w-full" />
        </div>
        <div className="flex flex-wrap items-center gap-2 md:col-span-2 xl:col-span-4">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilter(EMPTY);
            }}
          >
            Clear
          </button>
          {filter.companyId ? (
            <span className="badge badge-lg gap-2 badge-outline">
              Company: {companyName || filter.companyId}
              <button type="button" className="btn btn-circle btn-ghost btn-xs" aria-label="Show every company" onClick={() => byCompany('', '')}>
                ✕
              </button>
            </span>
          ) : null}
        </div>
      </form>

      {log.isError && !log.data ? <QueryError what="audit log" query={log} /> : null}
      {log.isPending ? <Spinner label="Loading the audit log" /> : null}
      {log.data ? (
        entries.length === 0 ? (
          <p className="text-base-content/70">No entry matches.</p>
        ) : (
          <ul className="grid gap-3" aria-busy={log.isFetching}>
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} onCompany={byCompany} />
            ))}
          </ul>
        )
      ) : null}
      {log.hasNextPage ? (
        <button type="button" className="btn btn-outline justify-self-center" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Older entries
        </button>
      ) : null}
    </div>
  );
}

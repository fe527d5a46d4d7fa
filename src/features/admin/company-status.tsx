// A company's status as a badge, in the words the admins and dealers read.

import type { CompanyStatus } from '../../contract/dealer-company';

export const STATUS_LABELS: Record<CompanyStatus, string> = { applied: 'Applied', approved: 'Approved', rejected: 'Rejected', suspended: 'Suspended' };

const TONES: Record<CompanyStatus, string> = {
  applied: 'badge-info',
  approved: 'badge-success',
  rejected: 'badge-error',
  suspended: 'badge-warning',
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <span className={`badge whitespace-nowrap ${TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}

export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
export const formatMoment = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

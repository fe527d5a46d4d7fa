// Make Admin: every account with Make Admin and Delete; admin rows show only Delete, and the signed-in admin
// cannot delete themselves. A customer not trusted yet to hold stock unpaid can be approved as a dealer
// (docs/decisions/027). A customer can be made a sales rep and a sales rep a customer again, each confirmed
// first as it moves the account between companies (docs/decisions/043). Paged and searched by e-mail on the server.

import { useCallback, useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage, isForbidden } from '../../api/errors';
import { texts, toasts } from '../../contract/messages';
import { ADMIN_USERS_PAGE_SIZE, ADMIN_USERS_SEARCH_MAX_LENGTH, type UserRow } from '../../contract/user';
import { ConfirmModal, type ConfirmModalProps } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { useSession } from '../auth/session';
import { useOnline } from '../offline/network-status';
import { DeleteButton } from './delete-button';
import { useDeleteUser } from './delete-user';
import { useUserPage } from './get-users';
import { useMakeAdmin } from './make-admin';
import { useApproveDealer } from './approve-dealer';
import { useMakeCustomer, useMakeRep, useReps } from './sales-reps';
import { OfflineNotice } from './offline-notice';
import { QueryError } from '../../ui/query-error';
import { SearchBox, startsOver, type SearchValue } from './search-box';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePageInRange } from './use-page-in-range';

export function UsersTable() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<SearchValue>({ searchText: '', q: '' });
  const users = useUserPage({ page, pageSize: ADMIN_USERS_PAGE_SIZE, q: search.q });
  const makeAdmin = useMakeAdmin();
  const online = useOnline();
  const me = useSession().user;
  const offlineId = useId();
  const approveDealer = useApproveDealer();
  /** The row whose action is on its way, and which: one at a time. */
  const [busy, setBusy] = useState<{ email: string; action: 'admin' | 'dealer' } | null>(null);
  const roleChange = useRoleChange();
  const remove = useConfirmedDelete({
    mutation: useDeleteUser(),
    id: (row: UserRow) => row._id,
    deleted: toasts.deleted,
    alreadyDeleted: (row) => `${row.email} was already deleted.`,
  });

  usePageInRange(users.data?.total, ADMIN_USERS_PAGE_SIZE, page, setPage);

  const changeSearch = (next: SearchValue) => {
    if (startsOver(search, next)) setPage(1);
    setSearch(next);
  };

  const act = (row: UserRow, action: 'admin' | 'dealer') => {
    setBusy({ email: row.email, action });
    const mutation = action === 'admin' ? makeAdmin : approveDealer;
    mutation.mutate(row.email, {
      onSuccess: () => toast.success(action === 'admin' ? toasts.madeAdmin(row.email) : toasts.approvedDealer(row.email)),
      onError: (error) => {
        if (isForbidden(error)) toast.error(toasts.noAdminAccess);
        else toast.error(errorMessage(error));
      },
      onSettled: () => setBusy(null),
    });
  };
  const spinnerFor = (row: UserRow, action: 'admin' | 'dealer') =>
    busy?.email === row.email && busy.action === action ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null;

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<UserRow>[] = [
    {
      header: 'User Email',
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{row.email}</span>
          {row.email === me?.email ? <span className="badge badge-neutral badge-sm">You</span> : null}
        </span>
      ),
    },
    {
      header: 'Make Admin',
      cell: (row) =>
        row.role === 'admin' ? (
          <span className="badge badge-primary badge-outline">Admin</span>
        ) : row.role === 'rep' ? (
          // A sales rep becomes a customer first; it belongs to no company an admin account could leave.
          <span className="badge badge-secondary badge-outline whitespace-nowrap">Sales rep</span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary btn-outline"
            disabled={!online || busy !== null}
            aria-describedby={offlineReason}
            onClick={() => act(row, 'admin')}
          >
            {spinnerFor(row, 'admin')}
            Make Admin
            <span className="sr-only"> {row.email}</span>
          </button>
        ),
    },
    {
      header: 'Sales rep',
      cell: (row) => {
        if (row.role === 'admin') return null;
        const to = row.role === 'rep' ? 'customer' : 'rep';
        return (
          <button
            type="button"
            className="btn btn-sm btn-outline whitespace-nowrap"
            disabled={!online || busy !== null}
            aria-describedby={offlineReason}
            onClick={() => roleChange.ask(row, to)}
          >
            {ROLE_CHANGES[to].button}
            <span className="sr-only"> {row.email}</span>
          </button>
        );
      },
    },
    {
      header: 'Dealer',
      cell: (row) => {
        if (row.role === 'admin') return null;
        if (row.trusted) return <span className="badge badge-outline whitespace-nowrap">Trusted</span>;
        return (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={!online || busy !== null}
            aria-describedby={offlineReason}
            onClick={() => act(row, 'dealer')}
          >
            {spinnerFor(row, 'dealer')}
            Approve dealer
            <span className="sr-only"> {row.email}</span>
          </button>
        );
      },
    },
    {
      header: 'Delete',
      action: true,
      cell: (row) =>
        row.email === me?.email ? (
          <span className="text-sm text-base-content/70">You cannot delete yourself</span>
        ) : (
          <DeleteButton row={row.email} offlineReason={offlineReason} onClick={() => remove.ask(row)} />
        ),
    },
  ];

  const toolbar = (
    <div className="md:max-w-xl">
      <SearchBox label="Search by e-mail" placeholder="dealer@example.com" maxLength={ADMIN_USERS_SEARCH_MAX_LENGTH} value={search} onChange={changeSearch} />
    </div>
  );

  return (
    <>
      <OfflineNotice online={online} id={offlineId} />
      {users.isError && !users.data ? <QueryError what="users" query={users} /> : null}
      {users.isPending || users.data ? (
        <DataTable
          caption="Users"
          columns={columns}
          rows={users.data?.items}
          loading="Loading users"
          rowKey={(row) => row._id}
          empty={search.q ? 'No user matches this search.' : 'There are no users yet.'}
          busy={users.isFetching && !users.isPending}
          toolbar={toolbar}
          stackBelow="md"
          pagination={users.data ? { page: users.data.page, pageSize: users.data.pageSize, total: users.data.total, onPageChange: setPage } : undefined}
        />
      ) : null}

      <ConfirmModal {...remove.modal}>
        <p>
          Are you sure you want to delete <strong className="break-all">{remove.target?.email}</strong>?
        </p>
        <p className="mt-2 text-sm text-base-content/80">
          Their unpaid orders are deleted too and the stock goes back. Paid and shipped orders are kept for the records.
        </p>
      </ConfirmModal>

      <ConfirmModal {...roleChange.modal}>
        <RoleChangeText change={roleChange.target} />
      </ConfirmModal>
    </>
  );
}

interface RoleChangeText {
  button: string;
  title: string;
  confirm: string;
  tone: 'danger' | 'primary';
  done: (email: string) => string;
}

/** Making a sales rep and making a customer again, in the admins' words. */
const ROLE_CHANGES: Record<'rep' | 'customer', RoleChangeText> = {
  rep: {
    button: 'Make sales rep',
    title: 'Make this account a sales rep?',
    confirm: 'Make sales rep',
    tone: 'primary',
    done: (email) => `${email} is now a sales rep. Assign their companies on the Companies page.`,
  },
  customer: {
    button: 'Make customer',
    title: 'Make this sales rep a customer again?',
    confirm: 'Make customer',
    tone: 'danger',
    done: (email) => `${email} is a customer again, with a company of their own.`,
  },
};

interface RoleChangeTarget {
  row: UserRow;
  to: 'rep' | 'customer';
}

/** The confirmed change between customer and sales rep: which row, its modal, and the server's answer in it. */
function useRoleChange() {
  const online = useOnline();
  const makeRep = useMakeRep();
  const makeCustomer = useMakeCustomer();
  const [target, setTarget] = useState<RoleChangeTarget | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = useCallback(() => setOpen(false), []);

  const ask = (row: UserRow, to: 'rep' | 'customer') => {
    setTarget({ row, to });
    setError(null);
    setOpen(true);
  };
  const mutation = target?.to === 'customer' ? makeCustomer : makeRep;
  const confirm = () => {
    if (!target) return;
    const text = ROLE_CHANGES[target.to];
    setError(null);
    mutation.mutate(target.row.email, {
      onSuccess: () => {
        toast.success(text.done(target.row.email));
        close();
      },
      onError: (failure) => setError(isForbidden(failure) ? toasts.noAdminAccess : errorMessage(failure)),
    });
  };

  const text = ROLE_CHANGES[target?.to ?? 'rep'];
  const modal: Omit<ConfirmModalProps, 'children'> = {
    open,
    title: text.title,
    confirmLabel: text.confirm,
    cancelLabel: 'Cancel',
    tone: text.tone,
    busy: mutation.isPending,
    error,
    disabledReason: online ? null : texts.needsNetwork,
    onConfirm: confirm,
    onClose: close,
  };
  return { target, ask, modal };
}

/** What the change does to the account, said before it is made. */
function RoleChangeText({ change }: { change: RoleChangeTarget | null }) {
  // How many companies the rep would lose, once the reps' list has come (it is read only for this question).
  const reps = useReps({ enabled: change?.to === 'customer' });
  if (!change) return null;
  const email = <strong className="break-all">{change.row.email}</strong>;
  if (change.to === 'rep') {
    return (
      <div className="grid gap-2">
        <p>{email} becomes a sales rep: they order for the companies you assign to them on the Companies page, and see those companies’ orders.</p>
        <p className="text-sm text-base-content/80">
          They leave the company they buy for now. A company they were alone in, with no orders yet, is removed. They no longer order for themselves.
        </p>
      </div>
    );
  }
  const count = reps.data?.find((rep) => rep.email === change.row.email)?.companyCount;
  const loses =
    count === 0
      ? '. No company is assigned to them now.'
      : ` and no longer orders for ${count === undefined ? 'the companies' : count === 1 ? 'the 1 company' : `the ${count} companies`} assigned to them.`;
  return (
    <div className="grid gap-2">
      <p>
        {email} stops being a sales rep{loses}
      </p>
      <p className="text-sm text-base-content/80">They get a company of their own, as a new customer does. Orders they placed stay with the companies.</p>
    </div>
  );
}

// Make Admin (spec section 2): every account with Make Admin and Delete; admin rows show only Delete.

import { useId, useState } from 'react';
import { toast } from 'sonner';
import { texts, toasts } from '../contract/messages';
import type { UserRow } from '../contract/user';
import { actionErrorMessage, isForbidden, isNotFound } from '../features/admin/action-error';
import { useDeleteUser } from '../features/admin/delete-user';
import { useUsers } from '../features/admin/get-users';
import { useMakeAdmin } from '../features/admin/make-admin';
import { OfflineNotice } from '../features/admin/offline-notice';
import { useConfirmTarget } from '../features/admin/use-confirm-target';
import { useSession } from '../features/auth/session';
import { useOnline } from '../features/offline/network-status';
import { ConfirmModal } from '../ui/confirm-modal';
import { DataTable, type Column } from '../ui/data-table';
import { Page } from '../ui/page';
import { Spinner } from '../ui/spinner';

export default function ManageUsersPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const online = useOnline();
  const me = useSession().user;
  const offlineId = useId();
  const confirm = useConfirmTarget<UserRow>();
  const [promoting, setPromoting] = useState<string | null>(null);

  const promote = (row: UserRow) => {
    setPromoting(row.email);
    makeAdmin.mutate(row.email, {
      onSuccess: () => toast.success(toasts.madeAdmin(row.email)),
      onError: (error) => {
        if (isForbidden(error)) toast.error(toasts.noAdminAccess);
        else toast.error(actionErrorMessage(error));
      },
      onSettled: () => setPromoting(null),
    });
  };

  const confirmDelete = () => {
    const row = confirm.target;
    if (!row) return;
    confirm.setError(null);
    deleteUser.mutate(row._id, {
      onSuccess: () => {
        toast.success(toasts.deleted);
        confirm.close();
      },
      onError: (error) => {
        if (isNotFound(error)) {
          toast.info(`${row.email} was already deleted.`);
          confirm.close();
        } else confirm.setError(actionErrorMessage(error));
      },
    });
  };

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
        ) : (
          <button type="button" className="btn btn-sm btn-primary btn-outline" disabled={!online || promoting !== null} aria-describedby={offlineReason} onClick={() => promote(row)}>
            {promoting === row.email ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Make Admin
            <span className="sr-only"> {row.email}</span>
          </button>
        ),
    },
    {
      header: 'Delete',
      cell: (row) =>
        row.email === me?.email ? (
          <span className="text-sm text-base-content/70">You cannot delete yourself</span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            disabled={!online}
            aria-describedby={offlineReason}
            onClick={() => confirm.ask(row)}
          >
            Delete
            <span className="sr-only"> {row.email}</span>
          </button>
        ),
    },
  ];

  return (
    <Page title="Make Admin" wide>
      <OfflineNotice online={online} id={offlineId} />
      {users.isPending ? <Spinner label="Loading users" /> : null}
      {users.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>The users could not be loaded. {actionErrorMessage(users.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void users.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {users.data ? (
        <DataTable caption="Users" columns={columns} rows={users.data} rowKey={(row) => row._id} empty="There are no users yet." busy={users.isFetching && !users.isPending} />
      ) : null}

      <ConfirmModal
        open={confirm.open}
        title={texts.deleteAlertTitle}
        confirmLabel="Delete"
        busy={deleteUser.isPending}
        error={confirm.error}
        disabledReason={online ? null : texts.needsNetwork}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      >
        <p>
          Are you sure you want to delete <strong className="break-all">{confirm.target?.email}</strong>?
        </p>
        <p className="mt-2 text-sm text-base-content/80">Their unpaid orders are deleted too and the stock goes back. Paid and shipped orders are kept for the records.</p>
      </ConfirmModal>
    </Page>
  );
}

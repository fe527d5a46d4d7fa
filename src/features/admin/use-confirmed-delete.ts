// A table row's Delete, asked first in the confirmation modal. The row stays set while the modal
// closes, so its text never goes blank; a row someone else deleted meanwhile (404) counts as done.

import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage, isNotFound } from '../../api/errors';
import { texts } from '../../contract/messages';
import type { ConfirmModalProps } from '../../ui/confirm-modal';
import { useOnline } from '../offline/network-status';

export interface ConfirmedDeleteOptions<T, TData> {
  /** The delete, given the row's id. */
  mutation: UseMutationResult<TData, Error, string>;
  id: (row: T) => string;
  /** The toast once it is gone. */
  deleted: string;
  /** The toast when it was already gone. */
  alreadyDeleted: (row: T) => string;
}

export function useConfirmedDelete<T, TData>({ mutation, id, deleted, alreadyDeleted }: ConfirmedDeleteOptions<T, TData>) {
  const online = useOnline();
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ask = useCallback((row: T) => {
    setTarget(row);
    setError(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  const confirm = () => {
    const row = target;
    if (!row) return;
    setError(null);
    mutation.mutate(id(row), {
      onSuccess: () => {
        toast.success(deleted);
        close();
      },
      onError: (failure) => {
        if (isNotFound(failure)) {
          toast.info(alreadyDeleted(row));
          close();
        } else setError(errorMessage(failure));
      },
    });
  };

  const modal: Omit<ConfirmModalProps, 'children'> = {
    open,
    title: texts.deleteAlertTitle,
    confirmLabel: 'Delete',
    busy: mutation.isPending,
    error,
    disabledReason: online ? null : texts.needsNetwork,
    onConfirm: confirm,
    onClose: close,
  };
  return { target, ask, modal };
}

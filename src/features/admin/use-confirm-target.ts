// State of the confirmation modal of a table: which row it asks about, whether it is open, and the
// error of the last attempt. The row stays set while the modal closes, so its text never goes blank.

import { useCallback, useState } from 'react';

export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ask = useCallback((row: T) => {
    setTarget(row);
    setError(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { target, open, error, setError, ask, close };
}

// A table row's Delete. Screen readers hear which row; offline it is disabled and points to the notice
// that says why.

export interface DeleteButtonProps {
  /** Names the row for screen readers, after 'Delete'. */
  row: string;
  /** The offline notice's id while offline, else undefined. */
  offlineReason: string | undefined;
  onClick: () => void;
}

export function DeleteButton({ row, offlineReason, onClick }: DeleteButtonProps) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-error btn-outline"
      disabled={offlineReason !== undefined}
      aria-describedby={offlineReason}
      onClick={onClick}
    >
      Delete
      <span className="sr-only"> {row}</span>
    </button>
  );
}

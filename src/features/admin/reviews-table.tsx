// Manage Reviews: every review, hidden ones too, newest first and paged on the server. Hide takes a review
// off the home page (and, at the next sync, off every device's offline copy); Show puts it back; Delete
// asks first in the confirmation modal.

import { useId, useState } from 'react';
import { toast } from '../../ui/toast';
import { errorMessage, isNotFound } from '../../api/errors';
import { toasts } from '../../contract/messages';
import { ADMIN_REVIEWS_PAGE_SIZE, type AdminReview } from '../../contract/review';
import { ClippedText } from '../../ui/clipped-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DataTable, type Column } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { Stars } from '../../ui/stars';
import { useOnline } from '../offline/network-status';
import { DeleteButton } from './delete-button';
import { useAllReviews } from './get-all-reviews';
import { useDeleteReview, useSetReviewHidden } from './moderate-review';
import { OfflineNotice } from './offline-notice';
import { QueryError } from '../../ui/query-error';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePageInRange } from './use-page-in-range';
import { EmailText } from '../../ui/email-text';

const posted = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The start of a review, to name it in buttons and the modal. */
export function reviewExcerpt(review: AdminReview): string {
  return review.review.length > 40 ? `${review.review.slice(0, 40).trimEnd()}…` : review.review;
}

export function ReviewsTable() {
  const [page, setPage] = useState(1);
  const reviews = useAllReviews(page);
  const online = useOnline();
  const offlineId = useId();
  const setHidden = useSetReviewHidden();
  const [changing, setChanging] = useState<string | null>(null);
  const remove = useConfirmedDelete({
    mutation: useDeleteReview(),
    id: (review: AdminReview) => review._id,
    deleted: toasts.deleted,
    alreadyDeleted: () => 'That review was already deleted.',
  });
  usePageInRange(reviews.data?.total, ADMIN_REVIEWS_PAGE_SIZE, page, setPage);

  const toggle = (review: AdminReview) => {
    const hidden = !review.hidden;
    setChanging(review._id);
    setHidden.mutate(
      { id: review._id, hidden },
      {
        onSuccess: () => toast.success(hidden ? 'The review is hidden from the home page.' : 'The review is shown on the home page again.'),
        onError: (error) => toast.error(isNotFound(error) ? 'That review was deleted meanwhile.' : errorMessage(error)),
        onSettled: () => setChanging(null),
      },
    );
  };

  const offlineReason = online ? undefined : offlineId;
  const columns: Column<AdminReview>[] = [
    {
      header: 'Reviewer',
      cell: (review) => (
        <span className="grid min-w-40">
          <span>{review.userName}</span>
          <EmailText email={review.userEmail} className="text-sm font-normal text-base-content/80" />
        </span>
      ),
    },
    { header: 'Rating', cell: (review) => <Stars rating={review.rating} size={16} /> },
    {
      header: 'Review',
      cell: (review, layout) => (layout === 'table' ? <ClippedText text={review.review} lines={3} className="min-w-48 max-w-md" /> : review.review),
    },
    { header: 'Posted', cell: (review) => posted(review.createdAt), className: 'whitespace-nowrap' },
    {
      header: 'Home page',
      cell: (review) => (review.hidden ? <span className="badge badge-warning">Hidden</span> : <span className="badge badge-success">Shown</span>),
    },
    {
      header: 'Action',
      action: true,
      cell: (review) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline bg-base-100"
            disabled={!online || changing !== null}
            aria-describedby={offlineReason}
            onClick={() => toggle(review)}
          >
            {changing === review._id ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {review.hidden ? 'Show' : 'Hide'}
            <span className="sr-only">
              {' '}
              the review by {review.userName}: {reviewExcerpt(review)}
            </span>
          </button>
          <DeleteButton row={`the review by ${review.userName}: ${reviewExcerpt(review)}`} offlineReason={offlineReason} onClick={() => remove.ask(review)} />
        </div>
      ),
    },
  ];

  const target = remove.target;
  return (
    <>
      <OfflineNotice online={online} id={offlineId} />
      {reviews.isError && !reviews.data ? <QueryError what="reviews" query={reviews} /> : null}
      {reviews.isPending ? <Spinner label="Loading reviews" /> : null}
      {reviews.data ? (
        <DataTable
          caption="Reviews"
          columns={columns}
          rows={reviews.data.items}
          rowKey={(review) => review._id}
          rowClassName={(review) => (review.hidden ? 'bg-base-200' : '')}
          empty="There are no reviews yet."
          busy={reviews.isFetching && !reviews.isPending}
          stackBelow="laptop"
          pagination={{ page: reviews.data.page, pageSize: reviews.data.pageSize, total: reviews.data.total, onPageChange: setPage }}
        />
      ) : null}

      <ConfirmModal {...remove.modal}>
        <p>
          Are you sure you want to delete the review by <strong>{target?.userName}</strong>?
        </p>
        {target ? <blockquote className="mt-2 border-l-4 border-base-300 pl-3 text-sm">{reviewExcerpt(target)}</blockquote> : null}
        <p className="mt-2 text-sm text-base-content/80">It cannot be brought back. To take it off the home page for now, Hide it instead.</p>
      </ConfirmModal>
    </>
  );
}

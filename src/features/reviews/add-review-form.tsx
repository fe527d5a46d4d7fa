// The Add Review form (the spec): name and e-mail read-only, the review text (required,
// at least 20 characters), a rating of 1 to 5 defaulting to 5. Posting needs the network
// (docs/architecture.md, "Offline").

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../ui/toast';
import { isSessionRefused } from '../../api/errors';
import { REVIEW_MAX_LENGTH } from '../../contract/constants';
import { texts, toasts } from '../../contract/messages';
import { CreateReviewBodySchema, type CreateReviewBody } from '../../contract/review';
import { FormField, ReadOnlyIdentity, fieldAria } from '../../ui/form-field';
import { reportSessionExpired } from '../auth/session';
import { usePostReview } from './post-review';

const RATINGS = [1, 2, 3, 4, 5] as const;
const DEFAULT_RATING = 5;

export interface AddReviewFormProps {
  name: string;
  email: string;
  online: boolean;
  onPosted?: () => void;
}

export function AddReviewForm({ name, email, online, onPosted }: AddReviewFormProps) {
  const id = useId();
  const post = usePostReview();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateReviewBody>({ resolver: valibotResolver(CreateReviewBodySchema), defaultValues: { review: '', rating: DEFAULT_RATING } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await post.mutateAsync(values);
      toast.success(toasts.reviewAdded);
      reset({ review: '', rating: DEFAULT_RATING });
      onPosted?.();
    } catch (error) {
      if (isSessionRefused(error)) {
        reportSessionExpired();
        return;
      }
      const reason = error instanceof Error ? error.message : toasts.tryAgain;
      setFailure(reason);
      toast.error(toasts.tryAgain, { description: reason });
    }
  });

  const busy = post.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={busy}>
      <ReadOnlyIdentity idPrefix={id} name={name} email={email} />
      <FormField id={`${id}-review`} label="Review" error={errors.review?.message}>
        <textarea
          {...fieldAria(`${id}-review`, errors.review?.message)}
          rows={5}
          maxLength={REVIEW_MAX_LENGTH}
          placeholder="How were the tools, the delivery and the service?"
          className={`textarea w-full ${errors.review ? 'textarea-error' : ''}`}
          {...register('review')}
        />
      </FormField>
      <FormField id={`${id}-rating`} label="Rating" className="max-w-xs">
        <select id={`${id}-rating`} className="select w-full" {...register('rating', { valueAsNumber: true })}>
          {RATINGS.map((r) => (
            <option key={r} value={r}>
              {r} {r === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </FormField>
      {failure ? (
        <p role="alert" className="text-sm text-error">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn btn-primary sm:px-10" disabled={!online || busy} aria-describedby={online ? undefined : `${id}-offline`}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Post Review
        </button>
        {online ? null : (
          <p id={`${id}-offline`} role="status" className="text-sm">
            {texts.needsNetwork}
          </p>
        )}
      </div>
    </form>
  );
}

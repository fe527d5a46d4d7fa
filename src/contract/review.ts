import * as v from 'valibot';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from './constants';
import { validationMessages as m } from './messages';

/** A review as the API sends it; rating is a string '1' to '5' (spec section 3). */
export const ReviewSchema = v.object({
  _id: v.string(),
  review: v.string(),
  rating: v.string(),
  userName: v.string(),
  createdAt: v.string(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;
export const ReviewListSchema = v.array(ReviewSchema);

export const ReviewTextSchema = v.pipe(
  v.string(m.reviewRequired),
  v.trim(),
  v.nonEmpty(m.reviewRequired),
  v.minLength(REVIEW_MIN_LENGTH, m.reviewMin),
  v.maxLength(REVIEW_MAX_LENGTH, m.reviewMax),
);

export const RatingSchema = v.pipe(v.number(m.ratingRange), v.integer(m.ratingRange), v.minValue(1, m.ratingRange), v.maxValue(5, m.ratingRange));

/** Body of POST /api/reviews: the name and e-mail come from the signed-in user. */
export const CreateReviewBodySchema = v.strictObject({ review: ReviewTextSchema, rating: RatingSchema });
export type CreateReviewBody = v.InferOutput<typeof CreateReviewBodySchema>;

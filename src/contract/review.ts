import * as v from 'valibot';
import { cleanDisplayText, isBlankToReaders, visibleText } from './display-text';
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH } from './constants';
import { queryInt } from './fields';
import { validationMessages as m } from './messages';

/** A review as the API sends it; rating is a string '1' to '5' (the spec). */
export const ReviewSchema = v.object({
  _id: v.string(),
  review: v.string(),
  rating: v.string(),
  userName: v.string(),
  createdAt: v.string(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;
export const ReviewListSchema = v.array(ReviewSchema);

/** A review is public: what counts towards its length is what a reader sees (display-text.ts). */
export const ReviewTextSchema = v.pipe(
  v.string(m.reviewRequired),
  v.transform(cleanDisplayText),
  v.check((text) => !isBlankToReaders(text), m.reviewRequired),
  v.check((text) => isBlankToReaders(text) || visibleText(text).length >= REVIEW_MIN_LENGTH, m.reviewMin),
  v.maxLength(REVIEW_MAX_LENGTH, m.reviewMax),
);

export const RatingSchema = v.pipe(v.number(m.ratingRange), v.integer(m.ratingRange), v.minValue(1, m.ratingRange), v.maxValue(5, m.ratingRange));

/** Body of POST /api/reviews: the name and e-mail come from the signed-in user. */
export const CreateReviewBodySchema = v.strictObject({ review: ReviewTextSchema, rating: RatingSchema });
export type CreateReviewBody = v.InferOutput<typeof CreateReviewBodySchema>;

/** Body of PATCH /api/reviews/{id} (admins): hide a review from the public list, or show it again. */
export const ModerateReviewBodySchema = v.strictObject({ hidden: v.boolean('hidden must be true or false') });

/** A review as admins see it on Manage Reviews: hidden ones too, with the reviewer's e-mail. */
export const AdminReviewSchema = v.object({ ...ReviewSchema.entries, userEmail: v.string(), hidden: v.boolean() });
export type AdminReview = v.InferOutput<typeof AdminReviewSchema>;

export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const ADMIN_REVIEWS_MAX_PAGE_SIZE = 100;

/** GET /api/reviews/all?page&pageSize (admins): every review, newest first. */
export const AdminReviewsQuerySchema = v.object({
  page: v.optional(queryInt('page', 1_000_000), '1'),
  pageSize: v.optional(queryInt('pageSize', ADMIN_REVIEWS_MAX_PAGE_SIZE), String(ADMIN_REVIEWS_PAGE_SIZE)),
});

export const AdminReviewPageSchema = v.object({ items: v.array(AdminReviewSchema), total: v.number(), page: v.number(), pageSize: v.number() });
export type AdminReviewPage = v.InferOutput<typeof AdminReviewPageSchema>;

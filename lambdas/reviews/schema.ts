/** Request schemas of the review routes. */
import * as z from 'zod';
import { mvpIdSchema } from '../shared/contracts/catalog';
import { reviewInputSchema } from '../shared/contracts/reviews';

/** `/api/mvps/{id}/reviews` path parameters. */
export const mvpPathSchema = z.object({ id: mvpIdSchema });

/** `POST /api/mvps/{id}/reviews` body (the form uses the same schema). */
export const submitReviewBodySchema = reviewInputSchema;

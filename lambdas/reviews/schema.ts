/** Request schemas of the review routes. */
import * as z from 'zod';
import { templateIdSchema } from '../../contract/catalog';
import { reviewInputSchema } from '../../contract/reviews';

/** `/api/mvps/{id}/reviews` path parameters. */
export const templatePathSchema = z.object({ id: templateIdSchema });

/** `POST /api/mvps/{id}/reviews` body (the form uses the same schema). */
export const submitReviewBodySchema = reviewInputSchema;

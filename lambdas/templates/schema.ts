/** Request schemas of the seller routes that are not shared with the frontend. */
import * as z from 'zod';
import { mvpIdSchema } from '../shared/contracts/catalog';

export const mvpIdParamsSchema = z.object({ id: mvpIdSchema });

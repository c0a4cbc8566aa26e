/** Request schemas of the catalog routes that the shared contracts do not already give. */
import * as z from 'zod';
import { mvpIdSchema } from '../../contract/catalog';

/** `/api/mvps/{id}` path parameters. */
export const mvpPathSchema = z.object({ id: mvpIdSchema });

/** Request schemas of the catalog routes that the shared contracts do not already give. */
import * as z from 'zod';
import { templateIdSchema } from '../../contract/catalog';

/** `/api/mvps/{id}` path parameters. */
export const templatePathSchema = z.object({ id: templateIdSchema });

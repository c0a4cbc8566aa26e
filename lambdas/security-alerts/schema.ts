/** Request schemas of the security alert settings routes. */
import * as z from 'zod';
import { templateIdSchema } from '../../contract/catalog';

export const templatePathSchema = z.object({ id: templateIdSchema });

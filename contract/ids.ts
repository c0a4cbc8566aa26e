/**
 * Path parameters of routes that name one template, shared by the domains that serve them
 * (templates, GitHub): the id is a template id (`mvpIdSchema`).
 */
import * as z from 'zod';
import { mvpIdSchema } from './catalog';

/** `{id}` of `/api/mvps/{id}/…`. */
export const mvpIdParamsSchema = z.object({ id: mvpIdSchema });

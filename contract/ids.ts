/**
 * Path parameters of routes that name one template, shared by the domains that serve them
 * (templates, GitHub): the id is a template id (`mvpIdSchema`).
 */
import * as z from 'zod';
import { templateIdSchema } from './catalog';

/** `{id}` of `/api/mvps/{id}/…`. */
export const templateIdParamsSchema = z.object({ id: templateIdSchema });

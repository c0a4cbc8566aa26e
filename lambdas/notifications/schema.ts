/** Request schemas of the notification routes. */
import * as z from 'zod';
import { notificationIdSchema, notificationListQuerySchema } from '../../contract/notifications';

export const listNotificationsQuerySchema = notificationListQuerySchema;

/** `/api/notifications/{id}/read` path parameters. */
export const notificationPathSchema = z.object({ id: notificationIdSchema });

/**
 * Scheduled task (contract/design/schedules.ts `notificationEmails`), every minute: sends
 * the e-mails of notifications still in the outbox (those not sent at once, and those whose send
 * failed and is due again). EventBridge invokes it in the cloud, the local scheduler on a laptop.
 */
import { deliverPendingEmails, type DeliveryReport } from '../email-delivery';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (): Promise<DeliveryReport> => deliverPendingEmails();

export const handler = taskHandler('notifications/send-notification-emails', thisTask);

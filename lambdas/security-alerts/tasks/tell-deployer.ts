/**
 * buyer-deploy task, after the repository-only completion and after the site is published: the
 * buyer told once of the advisories the version they deployed already had (known-findings.ts).
 * The ASL catches any failure and finishes the deployment anyway: the daily re-check catches up.
 */
import * as z from 'zod';
import { taskHandler } from '../../shared/task-handler';
import { tellDeployerOfKnownFindings } from '../known-findings';

const inputSchema = z.object({ deploymentId: z.string().min(1) });

const thisTask = async (event: unknown) => ({
  told: await tellDeployerOfKnownFindings(inputSchema.parse(event).deploymentId),
});

export const handler = taskHandler('security-alerts/tell-deployer', thisTask);

/**
 * buyer-deploy task, after the repository-only completion and after the site is published: the
 * buyer told once of the advisories the version they deployed already had (known-findings.ts).
 * Also phase `advisories`, started by a download of a version with known advisories: the buyer
 * who downloaded it told the same way (by the same markers, so once in all).
 * The ASL catches any failure and finishes anyway: the daily re-check catches up.
 */
import * as z from 'zod';
import { taskHandler } from '../../shared/task-handler';
import { tellDeployerOfKnownFindings, tellDownloaderOfKnownFindings } from '../known-findings';

const deployedSchema = z.object({ deploymentId: z.string().min(1) });
const downloadedSchema = z.object({
  userId: z.string().min(1),
  templateId: z.string().min(1),
  versionNumber: z.string().min(1),
});
const inputSchema = z.union([deployedSchema, downloadedSchema]);

const thisTask = async (event: unknown) => {
  const input = inputSchema.parse(event);
  return {
    told:
      'deploymentId' in input
        ? await tellDeployerOfKnownFindings(input.deploymentId)
        : await tellDownloaderOfKnownFindings(input),
  };
};

export const handler = taskHandler('security-alerts/tell-deployer', thisTask);

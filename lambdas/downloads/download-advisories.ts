/**
 * A download of a version with known advisories tells its buyer of them, once (bell and e-mail,
 * as their preferences say), as a deploy's TellDeployer step tells a deployer.
 *
 * Who tells is the security alerts domain (its SecurityAlert markers make "once" hold whichever
 * path tells first: this, a deploy, a version going live, the daily re-check). It imports
 * downloads, so downloads cannot import it (docs/architecture.md, "When a new import would close
 * a cycle"): the composition is the buyer's state machine, buyer-deploy, whose phase `advisories`
 * runs the security alerts domain's task (the deploy's TellDeployer function); the download only
 * starts it, through the shared workflow adapter.
 *
 * - Started only when the version has advisories: the template item's `security_severity` (the
 *   live version's worst known finding, which the card's badge shows) says so without a read.
 * - It never slows or fails the download: the start waits at most
 *   {@link ADVISORIES_START_WITHIN_MS} and a failure is logged; the daily re-check then tells.
 */
import { ulid } from 'ulid';
import type { TemplateItem } from '../catalog/template-items';
import { startWorkflow } from '../shared/adapters/workflow';
import { logger } from '../shared/observability';

/** The longest a download waits for the telling to be started (Step Functions' StartExecution). */
export const ADVISORIES_START_WITHIN_MS = 1_000;

/** Starts telling `userId` of the downloaded version's advisories, if it has any; never throws. */
export const tellOfKnownAdvisories = async (
  userId: string,
  template: Pick<TemplateItem, 'id' | 'version_number' | 'security_severity'>,
): Promise<void> => {
  if (!template.security_severity) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      startWorkflow(
        'buyer-deploy',
        {
          phase: 'advisories',
          userId,
          templateId: template.id,
          versionNumber: template.version_number,
        },
        `${template.id}-advisories-${ulid()}`,
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Not started within ${ADVISORIES_START_WITHIN_MS} ms.`)),
          ADVISORIES_START_WITHIN_MS,
        );
      }),
    ]);
  } catch (error) {
    logger.warn('The buyer was not told of the known advisories at download', {
      mvpId: template.id,
      error: error instanceof Error ? error.message : String(error),
    });
  } finally {
    clearTimeout(timer);
  }
};

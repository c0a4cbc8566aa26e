/** Octokit as the buyer for a step, from their sealed token (tokens.ts). */
import { githubAsUser } from '../../shared/adapters/github';
import { DEPLOY_MESSAGES } from '../../../contract/deployments';
import { ConflictError } from '../../shared/errors';
import { openToken } from '../tokens';

/**
 * Octokit as the buyer, or a ConflictError saying GitHub must be connected again. `site-step`: the
 * site step's short function, GitHub's budget per call and one try (shared/adapters/github.ts).
 */
export const githubOfBuyer = async (userId: string, caller: 'task' | 'site-step' = 'task') => {
  const token = await openToken(userId, 'github');
  if (!token) throw new ConflictError(DEPLOY_MESSAGES.githubNotConnected);
  return githubAsUser(token, caller);
};

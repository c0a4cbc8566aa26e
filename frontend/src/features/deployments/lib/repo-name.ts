/**
 * The repository name a buyer types: lowercased, and
 * every character other than a letter, digit, hyphen or underscore becomes a hyphen. The name must
 * be non-empty (Create Repository is disabled until it is).
 */
import { normaliseRepoName } from '@contract/deployments';

export { normaliseRepoName };

/** A name that can be submitted: non-empty once normalised and at most GitHub's 100 characters. */
export function isSubmittableRepoName(name: string): boolean {
  const normalised = normaliseRepoName(name);
  return normalised.length > 0 && normalised.length <= 100;
}

/** The suggested name: the template's slug (or title), normalised. */
export function suggestRepoName(slugOrTitle: string | undefined): string {
  return normaliseRepoName((slugOrTitle ?? '').trim()).slice(0, 100);
}

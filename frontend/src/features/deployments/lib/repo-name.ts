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

/**
 * A suggested name the buyer's deployments do not use yet: `name`, else `name-2`, `name-3`…
 * (a new copy of a template deployed before would otherwise collide with the first one).
 */
export function unusedRepoName(name: string, used: readonly string[]): string {
  const taken = new Set(used);
  if (!taken.has(name)) return name;
  for (let copy = 2; ; copy += 1) {
    const candidate = `${name.slice(0, 100 - String(copy).length - 1)}-${copy}`;
    if (!taken.has(candidate)) return candidate;
  }
}

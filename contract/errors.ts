/** The JSON body of every non-2xx API answer. */
export interface ApiErrorBody {
  message: string;
  /** Field name to message, for validation errors. */
  fields?: Record<string, string>;
}

/** Services of our own that a request may find not answering; a 503 names the one that failed. */
export type Dependency = 'database' | 'storage' | 'identity';

/** How a 503 names each dependency, at the start of a sentence. */
export const DEPENDENCY_NAMES: Record<Dependency, string> = {
  database: 'Our database',
  storage: 'Our file storage',
  identity: 'The sign-in service',
};

/**
 * The 503 message of a dependency that did not answer (after its own time limit and retries):
 * - `read`: the request only reads (nothing to say about changes);
 * - `unchanged`: it sent no change anywhere, checked by the API;
 * - `maybe_changed`: a change was sent and its answer lost, so it may have been applied.
 */
export const unavailableMessage = (
  dependency: Dependency,
  changes: 'read' | 'unchanged' | 'maybe_changed',
): string => {
  const name = DEPENDENCY_NAMES[dependency];
  if (changes === 'read')
    return `${name} is not answering right now. Please try again in a minute.`;
  if (changes === 'unchanged') {
    return `${name} is not answering right now, so nothing was changed. Please try again in a minute.`;
  }
  return `${name} stopped answering part-way through, so some of your change may have been saved. Reload the page in a minute to see where things stand before trying again.`;
};

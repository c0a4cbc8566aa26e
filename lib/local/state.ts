/**
 * `.local/state.json`: what a later start must reuse: the ids cognito-local generated for the user
 * pool and its client (the pool itself lives in cognito-local's data folder), and the local secrets.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SecretName } from '../../contract/design/secrets';
import type { UserPoolIds } from './emulators/resources';

export interface LocalState {
  userPool?: UserPoolIds;
  /** Generated once per data folder (lib/local/cloud/lambda-env.ts `generateLocalSecrets`). */
  secrets?: Record<SecretName, string>;
  /**
   * The key that wraps third-party tokens at rest locally (TOKEN_LOCAL_KEY; KMS does it in the
   * cloud): generated once, kept, since a new key could not open the tokens already stored.
   */
  tokenLocalKey?: string;
}

export const readLocalState = async (file: string): Promise<LocalState> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LocalState;
  } catch (_error) {
    // First start, or a file damaged by a crash: start from nothing, resources are idempotent.
    return {};
  }
};

export const writeLocalState = async (file: string, state: LocalState): Promise<void> => {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(state, null, 2)}\n`);
};

/**
 * Writing a template's files into a buyer's repository as ONE commit, through GitHub's Git
 * Database API (blobs → tree → commit → ref), so binary files go in as they are (base64 blobs) and
 * a template of hundreds of files is a few hundred small requests rather than one per file
 * through the contents API. GitHub refuses the Git Database API on an empty repository, so the
 * repository is created with `auto_init` and the template's commit follows the initial one.
 *
 * The first commit's tree is exactly the template's files. An upgrade's tree starts from the
 * buyer's own tree (`base_tree`): the new version's files are written over it and the files the
 * template itself dropped are removed, so whatever the buyer added stays as it is.
 */
import type { Octokit } from '../shared/adapters/github';
import type { BundleFile } from './bundle-files';

/** Blobs uploaded at once: GitHub's secondary rate limits favour a few concurrent requests. */
const BLOB_CONCURRENCY = 6;

const uploadBlobs = async (
  octokit: Octokit,
  repo: { owner: string; repo: string },
  files: readonly BundleFile[],
): Promise<string[]> => {
  const shas: string[] = new Array<string>(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next;
      next += 1;
      const { data } = await octokit.rest.git.createBlob({
        ...repo,
        content: Buffer.from(await files[index]!.read()).toString('base64'),
        encoding: 'base64',
      });
      shas[index] = data.sha;
    }
  };
  await Promise.all(Array.from({ length: Math.min(BLOB_CONCURRENCY, files.length) }, worker));
  return shas;
};

/**
 * A commit on top of `parentSha` (no ref is moved); its sha. Without `onParentTree` its tree is
 * exactly `files`; with it, `files` are written over the parent's tree and `remove` deleted.
 */
export const commitFiles = async (
  octokit: Octokit,
  input: {
    owner: string;
    repo: string;
    parentSha: string;
    files: readonly BundleFile[];
    message: string;
    onParentTree?: { remove: readonly string[] };
  },
): Promise<string> => {
  const repo = { owner: input.owner, repo: input.repo };
  const shas = await uploadBlobs(octokit, repo, input.files);
  const baseTree = input.onParentTree
    ? (await octokit.rest.git.getCommit({ ...repo, commit_sha: input.parentSha })).data.tree.sha
    : undefined;
  // Only what is still there can be removed (the buyer may have deleted a file already).
  const present = baseTree
    ? new Set(
        (
          await octokit.rest.git.getTree({ ...repo, tree_sha: baseTree, recursive: 'true' })
        ).data.tree.flatMap((entry) => (entry.type === 'blob' && entry.path ? [entry.path] : [])),
      )
    : new Set<string>();
  const remove = (input.onParentTree?.remove ?? []).filter((path) => present.has(path));
  const { data: tree } = await octokit.rest.git.createTree({
    ...repo,
    ...(baseTree ? { base_tree: baseTree } : {}),
    tree: [
      ...input.files.map((file, index) => ({
        path: file.path,
        mode: file.executable ? ('100755' as const) : ('100644' as const),
        type: 'blob' as const,
        sha: shas[index]!,
      })),
      ...remove.map((path) => ({
        path,
        mode: '100644' as const,
        type: 'blob' as const,
        sha: null,
      })),
    ],
  });
  const { data: commit } = await octokit.rest.git.createCommit({
    ...repo,
    message: input.message,
    tree: tree.sha,
    parents: [input.parentSha],
  });
  return commit.sha;
};

/** The sha a branch points at. */
export const branchHead = async (
  octokit: Octokit,
  input: { owner: string; repo: string; branch: string },
): Promise<string> => {
  const { data } = await octokit.rest.git.getRef({
    owner: input.owner,
    repo: input.repo,
    ref: `heads/${input.branch}`,
  });
  return data.object.sha;
};

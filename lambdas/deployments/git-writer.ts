/**
 * Writing a template's files into a buyer's repository as ONE commit, through GitHub's Git
 * Database API (tree → commit → ref), within GitHub's secondary limit on content-creating
 * requests (80 a minute, 500 an hour per token; docs/operations.md, "Buyer deploys and GitHub's
 * limits").
 *
 * - Text files (valid UTF-8 without a NUL byte, up to INLINE_TEXT_BYTES) go inline in createTree
 *   (`content` on a tree entry: GitHub writes the blob), so they cost no request of their own.
 * - Binary files, and text too large to inline, get one createBlob each (base64).
 * - The tree is written in slices of at most TREE_SLICE_ENTRIES entries and TREE_SLICE_BYTES of
 *   inline content, each slice a createTree on the previous one's tree (`base_tree`): GitHub
 *   answers a large tree request with a timeout (502, or a 422 asking to build the tree
 *   incrementally) well before any documented size.
 *
 * A step GitHub stops for longer than it can wait ends and runs again minutes later (its limit of
 * 500 content requests an hour): `progress` lets that run resume instead of writing every file
 * again. After each slice the tree written so far and how many entries it covers are saved; when
 * the step stops between slices, the blobs already uploaded for the next slice are saved too.
 *
 * GitHub refuses the Git Database API on an empty repository, so the repository is created with
 * `auto_init` and the template's commit follows the initial one. The first commit's tree is
 * exactly the template's files. An upgrade's tree starts from the buyer's own tree (`base_tree`):
 * the new version's files are written over it and the files the template itself dropped are
 * removed, so whatever the buyer added stays as it is.
 */
import type { Octokit } from '../shared/adapters/github';
import type { BundleFile } from './bundle-files';

/** Larger text files go as blobs: one entry must never make a slice too big on its own. */
export const INLINE_TEXT_BYTES = 256 * 1024;

/**
 * One createTree's share. Reports of github.com timing out start around 2.5 MB and 200–250
 * inline files in one request; a quarter of that size leaves room for long paths and JSON escaping.
 */
export const TREE_SLICE_ENTRIES = 200;
export const TREE_SLICE_BYTES = 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file as a string when it can travel inline in a JSON tree entry unchanged; else null. */
export const inlineText = (bytes: Uint8Array): string | null => {
  if (bytes.length > INLINE_TEXT_BYTES || bytes.includes(0)) return null;
  try {
    return utf8.decode(bytes);
  } catch (_error) {
    return null;
  }
};

type Repo = { owner: string; repo: string };

type TreeEntry = {
  path: string;
  mode: '100644' | '100755';
  type: 'blob';
  sha?: string | null;
  content?: string;
};

/** What a resumed write starts from: the tree so far, its entries, blobs made past them. */
export interface WriteProgress {
  /** Absent while no slice is written yet (a first commit starts a tree of its own). */
  tree?: string;
  /** How many entries (the files in order, then the removals) the tree covers. */
  entries: number;
  /** Blobs uploaded for entries past `entries`, by path: reused instead of uploaded again. */
  blobs?: { path: string; sha: string }[];
}

/** Where a write keeps its progress: where to resume from, and how to save. */
export interface ProgressStore {
  resume?: WriteProgress;
  save(progress: WriteProgress): Promise<void>;
}

/**
 * A file as its tree entry, its bytes read now: text inline, anything else by the sha of a blob
 * uploaded first (the client spaces content requests itself, so one at a time loses nothing), or
 * of one uploaded by an earlier run (`uploaded`).
 */
const entryOf = async (
  octokit: Octokit,
  repo: Repo,
  file: BundleFile,
  uploaded: Map<string, string>,
): Promise<TreeEntry> => {
  const mode = file.executable ? ('100755' as const) : ('100644' as const);
  const known = uploaded.get(file.path);
  if (known) return { path: file.path, mode, type: 'blob', sha: known };
  const bytes = await file.read();
  const content = inlineText(bytes);
  if (content !== null) return { path: file.path, mode, type: 'blob', content };
  const { data } = await octokit.rest.git.createBlob({
    ...repo,
    content: Buffer.from(bytes).toString('base64'),
    encoding: 'base64',
  });
  uploaded.set(file.path, data.sha);
  return { path: file.path, mode, type: 'blob', sha: data.sha };
};

/**
 * Entries cut into slices of at most TREE_SLICE_ENTRIES and TREE_SLICE_BYTES of content, in order,
 * as they come: only one slice's files are held at a time.
 */
export async function* treeSlices<T extends { path: string; content?: string }>(
  entries: AsyncIterable<T> | Iterable<T>,
): AsyncGenerator<T[]> {
  let slice: T[] = [];
  let bytes = 0;
  for await (const entry of entries) {
    const size = entry.content === undefined ? 0 : Buffer.byteLength(entry.content);
    if (
      slice.length > 0 &&
      (slice.length >= TREE_SLICE_ENTRIES || bytes + size > TREE_SLICE_BYTES)
    ) {
      yield slice;
      slice = [];
      bytes = 0;
    }
    slice.push(entry);
    bytes += size;
  }
  if (slice.length > 0) yield slice;
}

/**
 * Writes the entries slice by slice, each on the last one's tree, from `start` (the tree and the
 * entries covered so far); the final tree's sha. Saves its progress after each slice, and when it
 * stops, with the blobs uploaded past the last slice (`uploaded`, filled by `entries`).
 */
const writeTree = async (
  octokit: Octokit,
  repo: Repo,
  start: { tree: string | undefined; entries: number },
  entries: AsyncIterable<TreeEntry>,
  uploaded: Map<string, string>,
  progress: ProgressStore | undefined,
): Promise<string> => {
  let { tree, entries: covered } = start;
  try {
    for await (const slice of treeSlices(entries)) {
      const { data } = await octokit.rest.git.createTree({
        ...repo,
        ...(tree ? { base_tree: tree } : {}),
        tree: slice,
      });
      tree = data.sha;
      covered += slice.length;
      for (const entry of slice) uploaded.delete(entry.path);
      await progress?.save({ tree, entries: covered });
    }
  } catch (error) {
    const blobs = [...uploaded].map(([path, sha]) => ({ path, sha }));
    // Best effort: the error that stopped the write is the one the step must see.
    await progress?.save({ tree, entries: covered, blobs }).catch(() => undefined);
    throw error;
  }
  return tree!;
};

/** The paths of the blobs in a tree (recursive). */
const blobPaths = async (octokit: Octokit, repo: Repo, tree: string): Promise<Set<string>> =>
  new Set(
    (
      await octokit.rest.git.getTree({ ...repo, tree_sha: tree, recursive: 'true' })
    ).data.tree.flatMap((entry) => (entry.type === 'blob' && entry.path ? [entry.path] : [])),
  );

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
    /** Resumes from an earlier run of the same write (same files, same parent) and saves. */
    progress?: ProgressStore;
  },
): Promise<string> => {
  const repo = { owner: input.owner, repo: input.repo };
  const baseTree = input.onParentTree
    ? (await octokit.rest.git.getCommit({ ...repo, commit_sha: input.parentSha })).data.tree.sha
    : undefined;
  // Only what is still there can be removed (the buyer may have deleted a file already).
  const present = baseTree ? await blobPaths(octokit, repo, baseTree) : new Set<string>();
  const removals: TreeEntry[] = (input.onParentTree?.remove ?? [])
    .filter((path) => present.has(path))
    .map((path) => ({ path, mode: '100644', type: 'blob', sha: null }));
  const resume = input.progress?.resume;
  const skip = resume?.entries ?? 0;
  const uploaded = new Map((resume?.blobs ?? []).map(({ path, sha }) => [path, sha]));
  async function* entries(): AsyncGenerator<TreeEntry> {
    for (const file of input.files.slice(skip)) yield await entryOf(octokit, repo, file, uploaded);
    yield* removals.slice(Math.max(0, skip - input.files.length));
  }
  // Without a base, the first slice starts a tree of its own; the auto_init README stays out.
  const start = { tree: resume?.tree ?? baseTree, entries: skip };
  const tree = await writeTree(octokit, repo, start, entries(), uploaded, input.progress);
  const { data: commit } = await octokit.rest.git.createCommit({
    ...repo,
    message: input.message,
    tree,
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

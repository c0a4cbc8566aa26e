/**
 * The bare repositories, through the `git` CLI (plumbing only: commit-tree, update-ref, cat-file,
 * ls-tree, rev-list, diff-tree, archive), blobs and trees written in process as git writes them.
 * Every object the API shows is read from git, so `git clone` and the API always agree.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Readable } from 'node:stream';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

export class GitError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface GitRun {
  input?: Buffer | string;
  env?: Record<string, string>;
  /** Exit codes that are answers, not failures (e.g. 1 for `merge-base --is-ancestor`). */
  allow?: number[];
}

/** Environment without the caller's git configuration, so results do not depend on the machine. */
const baseEnv = (): Record<string, string> => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? '/tmp',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LC_ALL: 'C',
});

/** Runs `git --git-dir=<dir> …args`; resolves stdout and the exit code. */
export const git = (
  dir: string,
  args: string[],
  options: GitRun = {},
): Promise<{ stdout: Buffer; code: number }> =>
  new Promise((done, fail) => {
    const child = spawn('git', [`--git-dir=${dir}`, ...args], {
      env: { ...baseEnv(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0 || (code !== null && options.allow?.includes(code)))
        done({ stdout: Buffer.concat(out), code });
      else fail(new GitError(`git ${args[0]} failed (${code}): ${stderr.trim()}`, code, stderr));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });

export const gitText = async (dir: string, args: string[], options?: GitRun) =>
  (await git(dir, args, options)).stdout.toString('utf8');

/** `git archive` etc. as a stream (zipballs). */
export const gitStream = (dir: string, args: string[]): Readable => {
  const child = spawn('git', [`--git-dir=${dir}`, ...args], {
    env: baseEnv(),
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return child.stdout;
};

export const initBare = async (dir: string) => {
  mkdirSync(dir, { recursive: true });
  await git(dir, ['init', '--bare', '--quiet', '--initial-branch=main']);
};

export const setHead = (dir: string, branch: string) =>
  git(dir, ['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);

/** The object's type, or undefined when it does not exist. */
export const objectType = async (dir: string, sha: string) => {
  if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
  const { stdout, code } = await git(dir, ['cat-file', '-t', sha], { allow: [1, 128] });
  return code === 0 ? stdout.toString().trim() : undefined;
};

/** A revision (`main`, `refs/heads/x`, a sha) to a commit sha, or undefined. */
export const resolveCommit = async (dir: string, revision: string) => {
  if (revision.startsWith('-')) return undefined;
  const { stdout, code } = await git(
    dir,
    ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`],
    { allow: [1, 128] },
  );
  return code === 0 ? stdout.toString().trim() : undefined;
};

export const resolveTree = async (dir: string, revision: string) => {
  if (revision.startsWith('-')) return undefined;
  const { stdout, code } = await git(
    dir,
    ['rev-parse', '--verify', '--quiet', `${revision}^{tree}`],
    {
      allow: [1, 128],
    },
  );
  return code === 0 ? stdout.toString().trim() : undefined;
};

export const isEmptyRepository = async (dir: string) =>
  (await gitText(dir, ['for-each-ref', '--count=1', 'refs/'])).trim() === '';

/** `refs/heads/main` → sha, every ref. */
export const listRefs = async (dir: string): Promise<Map<string, string>> => {
  const text = await gitText(dir, ['for-each-ref', '--format=%(refname) %(objectname)']);
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]),
  );
};

export const refSha = async (dir: string, ref: string) => (await listRefs(dir)).get(ref);

/** Sets `ref` to `sha`, only if it still is `old` (ZERO_SHA: must not exist). */
export const updateRef = (dir: string, ref: string, sha: string, old?: string) =>
  git(dir, ['update-ref', ref, sha, ...(old ? [old] : [])]);

export const deleteRef = (dir: string, ref: string) => git(dir, ['update-ref', '-d', ref]);

export const isAncestor = async (dir: string, ancestor: string, descendant: string) =>
  (await git(dir, ['merge-base', '--is-ancestor', ancestor, descendant], { allow: [1] })).code ===
  0;

/**
 * An object stored loose, as `git hash-object -w` and `git mktree` store it (zlib of
 * `<type> <size>\0<bytes>` at `objects/<2 hex>/<38 hex>`), but written in process: a tree of
 * thousands of inline files would otherwise cost a git run per file and per folder. Written to a
 * temporary name and renamed, so a reader never sees half an object.
 */
const writeObject = async (dir: string, type: 'blob' | 'tree', content: Buffer) => {
  const object = Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]);
  const sha = createHash('sha1').update(object).digest('hex');
  const path = join(dir, 'objects', sha.slice(0, 2), sha.slice(2));
  if (!existsSync(path)) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, deflateSync(object));
    await rename(temporary, path);
  }
  return sha;
};

export const writeBlob = (dir: string, content: Buffer): Promise<string> =>
  writeObject(dir, 'blob', content);

export interface TreeEntry {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

/** `git ls-tree -l` of a tree-ish (`-r -t` when recursive: trees and blobs at every depth). */
export const listTree = async (dir: string, tree: string, recursive: boolean) => {
  const text = await gitText(dir, [
    'ls-tree',
    '-l',
    '-z',
    ...(recursive ? ['-r', '-t'] : []),
    tree,
  ]);
  return text
    .split('\0')
    .filter(Boolean)
    .map((line): TreeEntry => {
      const [meta, path] = line.split('\t') as [string, string];
      const [mode, type, sha, size] = meta.split(/\s+/) as [
        string,
        TreeEntry['type'],
        string,
        string,
      ];
      return { path, mode, type, sha, ...(type === 'blob' ? { size: Number(size) } : {}) };
    });
};

export interface Signature {
  name: string;
  email: string;
  date: string;
}

export interface CommitObject {
  sha: string;
  tree: string;
  parents: string[];
  author: Signature;
  committer: Signature;
  message: string;
}

const parseSignature = (text: string): Signature => {
  const match = /^(.*) <(.*)> (\d+) ([+-]\d{4})$/.exec(text);
  if (!match) return { name: text, email: '', date: new Date(0).toISOString() };
  return {
    name: match[1]!,
    email: match[2]!,
    date: new Date(Number(match[3]) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
};

/** Reads a commit object; undefined when `sha` is not a commit. */
export const readCommit = async (dir: string, sha: string): Promise<CommitObject | undefined> => {
  if ((await objectType(dir, sha)) !== 'commit') return undefined;
  const raw = await gitText(dir, ['cat-file', 'commit', sha]);
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split === -1 ? raw.length : split).split('\n');
  const message = split === -1 ? '' : raw.slice(split + 2).replace(/\n$/, '');
  const commit: CommitObject = {
    sha,
    tree: '',
    parents: [],
    author: parseSignature(''),
    committer: parseSignature(''),
    message,
  };
  for (const line of headers) {
    const space = line.indexOf(' ');
    const key = line.slice(0, space);
    const value = line.slice(space + 1);
    if (key === 'tree') commit.tree = value;
    else if (key === 'parent') commit.parents.push(value);
    else if (key === 'author') commit.author = parseSignature(value);
    else if (key === 'committer') commit.committer = parseSignature(value);
  }
  return commit;
};

/** `git rev-list` output (newest first unless `reverse`). */
export const revList = async (dir: string, args: string[]) =>
  (await gitText(dir, ['rev-list', ...args])).split('\n').filter(Boolean);

const gitDate = (iso: string) => `${Math.floor(new Date(iso).getTime() / 1000)} +0000`;

export const writeCommit = async (
  dir: string,
  input: {
    tree: string;
    parents: string[];
    message: string;
    author: Signature;
    committer: Signature;
  },
) =>
  (
    await gitText(
      dir,
      ['commit-tree', input.tree, ...input.parents.flatMap((parent) => ['-p', parent])],
      {
        input: input.message,
        env: {
          GIT_AUTHOR_NAME: input.author.name,
          GIT_AUTHOR_EMAIL: input.author.email,
          GIT_AUTHOR_DATE: gitDate(input.author.date),
          GIT_COMMITTER_NAME: input.committer.name,
          GIT_COMMITTER_EMAIL: input.committer.email,
          GIT_COMMITTER_DATE: gitDate(input.committer.date),
        },
      },
    )
  ).trim();

/** A flat change to a tree: a blob at `path`, a whole tree at `path`, or a deletion. */
export type TreeChange =
  | { path: string; mode: string; type: 'blob' | 'commit'; sha: string }
  | { path: string; mode: '040000'; type: 'tree'; sha: string }
  | { path: string; delete: true };

interface FlatEntry {
  mode: string;
  type: 'blob' | 'commit';
  sha: string;
}

/**
 * Builds a tree: the base tree's files (all depths), with the changes applied in order, written
 * bottom-up as `git mktree` writes them. Directories left empty disappear, as in git.
 */
export const buildTree = async (
  dir: string,
  baseTree: string | undefined,
  changes: TreeChange[],
): Promise<string> => {
  const files = new Map<string, FlatEntry>();
  const addTree = async (tree: string, prefix: string) => {
    for (const entry of await listTree(dir, tree, true)) {
      if (entry.type !== 'tree')
        files.set(prefix + entry.path, { mode: entry.mode, type: entry.type, sha: entry.sha });
    }
  };
  const removeUnder = (path: string) => {
    for (const key of [...files.keys()])
      if (key === path || key.startsWith(`${path}/`)) files.delete(key);
  };
  if (baseTree) await addTree(baseTree, '');
  for (const change of changes) {
    removeUnder(change.path);
    if ('delete' in change) continue;
    if (change.type === 'tree') await addTree(change.sha, `${change.path}/`);
    else files.set(change.path, { mode: change.mode, type: change.type, sha: change.sha });
  }
  // Directory → its files, and directory → its subdirectories; written depth first.
  const directories = new Map<string, Map<string, string>>([['', new Map()]]);
  const subdirectories = new Map<string, Set<string>>();
  for (const [path, entry] of files) {
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) {
      const directory = parts.slice(0, depth).join('/');
      const parent = parts.slice(0, depth - 1).join('/');
      if (!directories.has(directory)) directories.set(directory, new Map());
      if (!subdirectories.has(parent)) subdirectories.set(parent, new Set());
      subdirectories.get(parent)!.add(directory);
    }
    directories
      .get(parts.slice(0, -1).join('/'))!
      .set(parts.at(-1)!, `${entry.mode} ${entry.type} ${entry.sha}`);
  }
  const write = async (path: string): Promise<string> => {
    const entries = new Map(directories.get(path));
    for (const child of subdirectories.get(path) ?? [])
      entries.set(child.split('/').at(-1)!, `040000 tree ${await write(child)}`);
    return mktree(dir, entries);
  };
  return write('');
};

/**
 * A tree object from `name → "<mode> <type> <sha>"`, as `git mktree` writes it: entries in git's
 * order (bytewise, a folder's name compared as if it ended in `/`), a folder's mode as `40000`.
 */
const mktree = (dir: string, entries: Map<string, string>) => {
  const rows = [...entries].map(([name, meta]) => {
    const [mode, type, sha] = meta.split(' ') as [string, string, string];
    return { name, key: Buffer.from(type === 'tree' ? `${name}/` : name), mode, sha };
  });
  rows.sort((a, b) => Buffer.compare(a.key, b.key));
  const content = Buffer.concat(
    rows.flatMap((row) => [
      Buffer.from(`${row.mode.replace(/^0+/, '')} ${row.name}\0`),
      Buffer.from(row.sha, 'hex'),
    ]),
  );
  return writeObject(dir, 'tree', content);
};

export interface FileChange {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'changed';
  additions: number;
  deletions: number;
  changes: number;
  sha: string;
}

/** The files changed from `from` (undefined: nothing, a root commit) to `to`. */
export const diffFiles = async (
  dir: string,
  from: string | undefined,
  to: string,
): Promise<FileChange[]> => {
  const range = from ? [from, to] : ['--root', to];
  const raw = await gitText(dir, [
    'diff-tree',
    '-r',
    '-z',
    '--no-renames',
    '--no-commit-id',
    '--raw',
    '--abbrev=40',
    ...range,
  ]);
  const numstat = await gitText(dir, [
    'diff-tree',
    '-r',
    '-z',
    '--no-renames',
    '--no-commit-id',
    '--numstat',
    ...range,
  ]);
  const counts = new Map<string, [number, number]>();
  const numParts = numstat.split('\0').filter(Boolean);
  for (const part of numParts) {
    const [added, deleted, path] = part.split('\t') as [string, string, string];
    counts.set(path, [added === '-' ? 0 : Number(added), deleted === '-' ? 0 : Number(deleted)]);
  }
  const parts = raw.split('\0').filter(Boolean);
  const result: FileChange[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const [, , oldSha, newSha, letter] = parts[index]!.replace(/^:/, '').split(' ') as string[];
    const filename = parts[index + 1]!;
    const [additions, deletions] = counts.get(filename) ?? [0, 0];
    const status =
      letter === 'A'
        ? 'added'
        : letter === 'D'
          ? 'removed'
          : letter === 'M'
            ? 'modified'
            : 'changed';
    result.push({
      filename,
      status,
      additions,
      deletions,
      changes: additions + deletions,
      sha: newSha === ZERO_SHA ? oldSha! : newSha!,
    });
  }
  return result;
};

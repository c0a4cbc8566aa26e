/**
 * The code preview's tree model: a bundle's file paths as folders and files, the rows a keyboard
 * moves through, which folders start open, and a file size as people read it.
 */
import type { BundleFile } from '@contract/downloads';

export interface FolderNode {
  kind: 'folder';
  name: string;
  path: string;
  children: TreeNode[];
}
export interface FileNode {
  kind: 'file';
  name: string;
  path: string;
  file: BundleFile;
}
export type TreeNode = FolderNode | FileNode;

const byFolderThenName = (a: TreeNode, b: TreeNode) =>
  (a.kind === 'folder' ? 0 : 1) - (b.kind === 'folder' ? 0 : 1) || a.name.localeCompare(b.name);

/** Paths to a tree; folders first, then files, each alphabetically. */
export function buildFileTree(files: readonly BundleFile[]): FolderNode {
  const root: FolderNode = { kind: 'folder', name: '', path: '', children: [] };
  for (const file of files) {
    const parts = file.path.split('/').filter(Boolean);
    let folder = root;
    parts.forEach((part, index) => {
      const path = parts.slice(0, index + 1).join('/');
      if (index === parts.length - 1) {
        folder.children.push({ kind: 'file', name: part, path, file });
        return;
      }
      let next = folder.children.find(
        (child): child is FolderNode => child.kind === 'folder' && child.name === part,
      );
      if (!next) {
        next = { kind: 'folder', name: part, path, children: [] };
        folder.children.push(next);
      }
      folder = next;
    });
  }
  const sortAll = (folder: FolderNode) => {
    folder.children.sort(byFolderThenName);
    for (const child of folder.children) if (child.kind === 'folder') sortAll(child);
  };
  sortAll(root);
  return root;
}

export const formatBytes = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export interface Row {
  node: TreeNode;
  parent: string | null;
  level: number;
  setSize: number;
  position: number;
}

/** The rows a keyboard moves through: every node whose folders above are open, in order. */
export const visibleRows = (root: FolderNode, expanded: ReadonlySet<string>): Row[] => {
  const rows: Row[] = [];
  const walk = (folder: FolderNode, parent: string | null, level: number) => {
    folder.children.forEach((node, index) => {
      rows.push({ node, parent, level, setSize: folder.children.length, position: index + 1 });
      if (node.kind === 'folder' && expanded.has(node.path)) walk(node, node.path, level + 1);
    });
  };
  walk(root, null, 1);
  return rows;
};

/** Folders open at first: the single top folder and its direct subfolders, or the root's. */
export const initiallyExpanded = (root: FolderNode): Set<string> => {
  const open = new Set<string>();
  const [only] = root.children;
  if (root.children.length === 1 && only?.kind === 'folder') {
    open.add(only.path);
    for (const child of only.children) if (child.kind === 'folder') open.add(child.path);
  } else {
    for (const child of root.children) if (child.kind === 'folder') open.add(child.path);
  }
  return open;
};

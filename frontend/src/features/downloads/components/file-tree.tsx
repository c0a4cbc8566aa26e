/**
 * The code preview's file tree, following the WAI-ARIA tree pattern, flat: `tree` > `treeitem`
 * (aria-level, aria-setsize, aria-posinset, aria-expanded on folders, aria-selected on files), one
 * tab stop, arrow keys to move, Right/Left to open and close folders, Enter or Space to open a file.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronRight, LuFile, LuFolder, LuFolderOpen } from 'react-icons/lu';
import type { BundleFile } from '@contract/downloads';
import {
  formatBytes,
  initiallyExpanded,
  visibleRows,
  type FolderNode,
  type Row,
  type TreeNode,
} from '../lib/file-tree';

interface TreeProps {
  root: FolderNode;
  selected: string | null;
  onSelect: (file: BundleFile) => void;
}

interface TreeKeys {
  rows: ReturnType<typeof visibleRows>;
  tabStop: string | undefined;
  expanded: ReadonlySet<string>;
  toggle: (path: string, open?: boolean) => void;
  focus: (path: string | undefined) => void;
  activate: (node: TreeNode) => void;
}

/** The tree's keys: arrows move, Home/End jump, Right/Left open and close, Enter/Space open. */
const treeKeyHandler =
  ({ rows, tabStop, expanded, toggle, focus, activate }: TreeKeys) =>
  (event: KeyboardEvent<HTMLElement>) => {
    const index = rows.findIndex((row) => row.node.path === tabStop);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const handled = (() => {
      switch (event.key) {
        case 'ArrowDown':
          focus(rows[index + 1]?.node.path);
          return true;
        case 'ArrowUp':
          focus(rows[index - 1]?.node.path);
          return true;
        case 'Home':
          focus(rows[0]?.node.path);
          return true;
        case 'End':
          focus(rows[rows.length - 1]?.node.path);
          return true;
        case 'ArrowRight':
          if (node.kind === 'folder') {
            if (!expanded.has(node.path)) toggle(node.path, true);
            else focus(node.children[0]?.path);
          }
          return true;
        case 'ArrowLeft':
          if (node.kind === 'folder' && expanded.has(node.path)) toggle(node.path, false);
          else focus(row.parent ?? undefined);
          return true;
        case 'Enter':
        case ' ':
          activate(node);
          return true;
        default:
          return false;
      }
    })();
    if (handled) event.preventDefault();
  };

interface TreeItemProps {
  row: Row;
  open: boolean;
  isSelected: boolean;
  tabbable: boolean;
  itemRef: (element: HTMLLIElement | null) => void;
  onFocus: () => void;
  onClick: () => void;
}

function TreeItem({ row, open, isSelected, tabbable, itemRef, onFocus, onClick }: TreeItemProps) {
  const { node, level, setSize, position } = row;
  return (
    // The tree is flat (every treeitem a child of the tree, its depth in aria-level), so an
    // item's name is its own text only, never its children's.
    <Box
      as="li"
      role="treeitem"
      aria-level={level}
      aria-setsize={setSize}
      aria-posinset={position}
      aria-expanded={node.kind === 'folder' ? open : undefined}
      aria-selected={node.kind === 'file' ? isSelected : undefined}
      data-path={node.path}
      tabIndex={tabbable ? 0 : -1}
      ref={itemRef}
      onFocus={onFocus}
      onClick={onClick}
      listStyleType="none"
      display="flex"
      alignItems="center"
      gap="1.5"
      ps={`${(level - 1) * 14 + 4}px`}
      pe="2"
      py="1"
      rounded="sm"
      cursor="pointer"
      fontFamily="mono"
      fontSize="sm"
      bg={isSelected ? 'purple.subtle' : undefined}
      color={isSelected ? 'purple.fg' : undefined}
      _hover={{ bg: isSelected ? 'purple.subtle' : 'bg.muted' }}
      outline="none"
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'purple.focusRing',
        outlineOffset: '-2px',
      }}
    >
      <Box as="span" w="3.5" flexShrink={0} aria-hidden="true" color="fg.muted">
        {node.kind === 'folder' && (open ? <LuChevronDown /> : <LuChevronRight />)}
      </Box>
      <Box
        as="span"
        flexShrink={0}
        aria-hidden="true"
        color={node.kind === 'folder' ? 'purple.fg' : 'fg.muted'}
      >
        {node.kind === 'folder' ? open ? <LuFolderOpen /> : <LuFolder /> : <LuFile />}
      </Box>
      <Text as="span" flex="1" truncate>
        {node.name}
      </Text>
      {node.kind === 'file' && (
        <Text as="span" aria-hidden="true" color="fg.muted" fontSize="xs" flexShrink={0}>
          {formatBytes(node.file.size)}
        </Text>
      )}
    </Box>
  );
}

export function FileTree({ root, selected, onSelect }: TreeProps) {
  const [expanded, setExpanded] = useState(() => initiallyExpanded(root));
  const [focused, setFocused] = useState<string | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);
  const rows = useMemo(() => visibleRows(root, expanded), [root, expanded]);
  // One tab stop: the focused row, else the selected file, else the first row.
  const tabStop =
    rows.find((row) => row.node.path === focused)?.node.path ??
    rows.find((row) => row.node.path === selected)?.node.path ??
    rows[0]?.node.path;

  // A file chosen from outside the tree (a README's link) shows with its folders open.
  useEffect(() => {
    if (!selected) return;
    const parts = selected.split('/').slice(0, -1);
    const folders = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
    setExpanded((current) =>
      folders.every((folder) => current.has(folder)) ? current : new Set([...current, ...folders]),
    );
  }, [selected]);

  useEffect(() => {
    if (moved.current && focused) items.current.get(focused)?.focus();
    moved.current = false;
  }, [focused]);

  const toggle = (path: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });
  const focus = (path: string | undefined) => {
    if (!path) return;
    moved.current = true;
    setFocused(path);
  };
  const activate = (node: TreeNode) => {
    setFocused(node.path);
    if (node.kind === 'folder') toggle(node.path);
    else onSelect(node.file);
  };
  const onKeyDown = treeKeyHandler({ rows, tabStop, expanded, toggle, focus, activate });

  return (
    <Box
      as="ul"
      role="tree"
      aria-label="Files in this template"
      m="0"
      p="1"
      onKeyDown={onKeyDown}
      data-testid="file-tree"
    >
      {rows.map((row) => (
        <TreeItem
          key={row.node.path}
          row={row}
          open={row.node.kind === 'folder' && expanded.has(row.node.path)}
          isSelected={row.node.kind === 'file' && row.node.path === selected}
          tabbable={row.node.path === tabStop}
          itemRef={(element) => {
            if (element) items.current.set(row.node.path, element);
            else items.current.delete(row.node.path);
          }}
          onFocus={() => setFocused(row.node.path)}
          onClick={() => activate(row.node)}
        />
      ))}
    </Box>
  );
}

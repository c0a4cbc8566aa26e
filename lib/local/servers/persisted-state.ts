/**
 * The state of a local stand-in server (Stripe, GitHub, Netlify): kept in memory, loaded from a
 * JSON file at start (a missing or damaged file starts it empty, as after `npm run reset`), and
 * written back shortly after each change and on stop, write-then-rename so a crash never leaves
 * half a file. Without a file it lives in memory only (tests).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface PersistedState<State> {
  readonly state: State;
  /** Schedules a write of the file (debounced); call after every change. */
  changed(): void;
  /** Writes now, if anything changed since the last write. */
  flush(): void;
}

/** How long after a change the file is written, so a burst of changes is one write. */
const WRITE_DELAY_MS = 100;

export const persistedState = <State extends object>(
  file: string | undefined,
  empty: () => State,
  hooks: {
    /** After each change, e.g. trimming a log that would grow without end. */
    onChange?: (state: State) => void;
    /** Before each write. */
    beforeWrite?: (state: State) => void;
  } = {},
): PersistedState<State> => {
  const state = empty();
  if (file) {
    try {
      Object.assign(state, JSON.parse(readFileSync(file, 'utf8')) as Partial<State>);
    } catch (_error) {
      // First start, or a file damaged by a crash: a fresh service.
    }
  }
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!file || !dirty) return;
    dirty = false;
    hooks.beforeWrite?.(state);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  };
  return {
    state,
    changed: () => {
      dirty = true;
      hooks.onChange?.(state);
      if (file && !timer) timer = setTimeout(flush, WRITE_DELAY_MS);
    },
    flush,
  };
};

/**
 * A text field whose value is committed after the person stops typing (~300 ms), and which
 * follows outside changes (Clear All, back button) without overwriting text still being typed.
 */
import { useEffect, useRef, useState } from 'react';

export const DEBOUNCE_MS = 300;

export function useDebouncedCommit(
  committedValue: string,
  commit: (value: string) => void,
  delayMs: number = DEBOUNCE_MS,
): [string, (value: string) => void] {
  const [text, setText] = useState(committedValue);
  const lastCommitted = useRef(committedValue);
  const commitRef = useRef(commit);

  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  useEffect(() => {
    if (committedValue !== lastCommitted.current) {
      lastCommitted.current = committedValue;
      setText(committedValue);
    }
  }, [committedValue]);

  useEffect(() => {
    if (text === lastCommitted.current) return;
    const timer = setTimeout(() => {
      lastCommitted.current = text;
      commitRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return [text, setText];
}

/**
 * Marks the words a search matched in a card's text. The catalog function says which words those
 * are (`matchedWords` of a browse answer: stems, prefixes, typos and a technology's other names
 * read as the search read them), so the page only splits the text into words the same way
 * (SEARCH_WORD) and marks those it names.
 */
import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import { SEARCH_WORD } from '@contract/search-aids';

/**
 * A matched word: the theme's subtle yellow behind the text in its own colour, which keeps its
 * contrast in both colour modes (the background is light in light mode and dark in dark mode).
 */
const Mark = chakra('mark', {
  base: { bg: 'yellow.subtle', color: 'inherit', rounded: 'xs', px: '0.5', mx: '-0.5' },
});

/** `text` with each word of `words` (lowercased) in a `<mark>`; the text itself when none is. */
export function highlightWords(text: string, words: readonly string[]): ReactNode {
  if (words.length === 0) return text;
  const wanted = new Set(words);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(SEARCH_WORD)) {
    if (!wanted.has(match[0].toLowerCase())) continue;
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(<Mark key={match.index}>{match[0]}</Mark>);
    from = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** The cards' highlighter for a browse answer's matched words (none without search text). */
export const highlighterOf = (
  words: readonly string[] | undefined,
): ((text: string) => ReactNode) | undefined =>
  words && words.length > 0 ? (text) => highlightWords(text, words) : undefined;

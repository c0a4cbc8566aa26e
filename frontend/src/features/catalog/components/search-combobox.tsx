/**
 * The browse page's search box: as people type, up to six completions (titles, technologies,
 * categories) from the catalog's search index, in the WAI-ARIA combobox pattern (a list box that
 * the arrow keys move through while the focus stays in the box; Enter picks, Escape closes).
 *
 * The completions come with the results: the browse answer for the search text carries them
 * (contract/search-aids.ts), so the debounced search that updates the results brings them, and no
 * other request is made. They are shown only for the text in the box, never for an older one.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Box, HStack, Input, InputGroup, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { SUGGESTION_KIND_LABELS, type SearchSuggestion } from '@contract/search-aids';
import { useTemplates } from '../api/get-templates';
import type { BrowseFilters } from '../lib/browse-filters';

interface SearchComboboxProps {
  filters: BrowseFilters;
  /** The text in the box (committed to `filters.search` after a pause). */
  value: string;
  /** A keystroke's text. */
  onType: (text: string) => void;
  /** Searches for `text` at once: a picked completion, or Enter. */
  onSearch: (text: string) => void;
}

interface SuggestionListProps {
  id: string;
  optionId: (index: number) => string;
  /** The completions shown; none: the list is hidden. */
  suggestions: readonly SearchSuggestion[];
  /** The chosen one's index (-1: none). */
  active: number;
  onActive: (index: number) => void;
  onPick: (suggestion: SearchSuggestion) => void;
}

/** The list box under the search box, and the count said to screen readers when it opens. */
function SuggestionList({
  id,
  optionId,
  suggestions,
  active,
  onActive,
  onPick,
}: SuggestionListProps) {
  return (
    <>
      <Box
        as="ul"
        role="listbox"
        id={id}
        aria-label="Search suggestions"
        hidden={suggestions.length === 0}
        data-testid="search-suggestions"
        position="absolute"
        top="100%"
        insetX="0"
        mt="1"
        py="1"
        zIndex="dropdown"
        bg="bg.panel"
        borderWidth="1px"
        rounded="l2"
        shadow="md"
        listStyleType="none"
      >
        {suggestions.map((suggestion, index) => (
          <HStack
            as="li"
            key={`${suggestion.kind}:${suggestion.text}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            justify="space-between"
            gap="3"
            px="3"
            py="2"
            cursor="pointer"
            bg={index === active ? 'bg.emphasized' : undefined}
            // The box keeps the focus: a click picks without blurring it first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onActive(index)}
            onClick={() => onPick(suggestion)}
          >
            <Text as="span" truncate>
              {suggestion.text}
            </Text>
            <Text as="span" fontSize="xs" color="fg.muted" flexShrink="0">
              {SUGGESTION_KIND_LABELS[suggestion.kind]}
            </Text>
          </HStack>
        ))}
      </Box>
      <VisuallyHidden aria-live="polite">
        {suggestions.length > 0
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}: use the up and down arrows to choose one.`
          : ''}
      </VisuallyHidden>
    </>
  );
}

interface ComboboxState {
  count: number;
  expanded: boolean;
  active: number;
  setOpen: (open: boolean) => void;
  setActive: (update: (index: number) => number) => void;
  pick: (index: number) => void;
  searchNow: () => void;
}

/**
 * The combobox's keys: the arrows open the list and move through it (round), Enter picks the
 * chosen completion or searches the text at once, Escape closes the list (a second Escape clears
 * the box, as a search box does).
 */
const onComboboxKey = (event: KeyboardEvent<HTMLInputElement>, state: ComboboxState) => {
  const { count, expanded, setActive } = state;
  switch (event.key) {
    case 'ArrowDown':
      if (count === 0) return;
      event.preventDefault();
      if (!expanded) state.setOpen(true);
      else setActive((index) => (index + 1) % count);
      return;
    case 'ArrowUp':
      if (!expanded) return;
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
      return;
    case 'Enter':
      event.preventDefault();
      if (expanded && state.active >= 0) return state.pick(state.active);
      state.setOpen(false);
      state.searchNow();
      return;
    case 'Escape':
      if (!expanded) return;
      event.preventDefault();
      state.setOpen(false);
      setActive(() => -1);
  }
};

export function SearchCombobox({ filters, value, onType, onSearch }: SearchComboboxProps) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  // The same read as the results grid's (one request): its answer carries the completions.
  const { data, isPlaceholderData } = useTemplates(filters);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const typed = value.trim();
  const answered = !isPlaceholderData && typed !== '' && typed === filters.search.trim();
  const suggestions: readonly SearchSuggestion[] = (answered && data?.suggestions) || [];
  const expanded = open && suggestions.length > 0;

  // New completions: none is chosen yet.
  useEffect(() => setActive(-1), [data]);

  const pick = (suggestion: SearchSuggestion) => {
    setOpen(false);
    setActive(-1);
    onSearch(suggestion.search);
  };

  return (
    <Box position="relative" w="full">
      <InputGroup startElement={<LuSearch />}>
        <Input
          type="search"
          placeholder="Search MVPs..."
          value={value}
          maxLength={100}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          data-testid="search-input"
          onChange={(event) => {
            onType(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={(event) =>
            onComboboxKey(event, {
              count: suggestions.length,
              expanded,
              active,
              setOpen,
              setActive,
              pick: (index) => pick(suggestions[index]!),
              searchNow: () => onSearch(value),
            })
          }
          onBlur={() => setOpen(false)}
        />
      </InputGroup>
      <SuggestionList
        id={listboxId}
        optionId={optionId}
        suggestions={expanded ? suggestions : []}
        active={active}
        onActive={setActive}
        onPick={pick}
      />
    </Box>
  );
}

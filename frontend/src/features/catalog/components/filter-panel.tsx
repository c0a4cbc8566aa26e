import {
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tag,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuSlidersHorizontal } from 'react-icons/lu';
import { TEMPLATE_CATEGORIES } from '@contract/categories';
import {
  ACCESS_TIERS,
  BROWSE_TECH_STACKS,
  LICENSING_LABELS,
  LICENSING_TERMS,
  PRICE_FILTER_LABELS,
  PRICE_RANGE_HINT,
  RELEVANCE_SORT,
  SORT_LABELS,
  SORT_OPTIONS,
} from '@contract/browse-options';
import type { AccessTier, BrowseSort, LicensingTerms } from '@contract/browse-options';
import { effectiveSort, hasActiveFilters, toggleTech } from '../lib/browse-filters';
import type { BrowseCategory, BrowseTech } from '../lib/browse-filters';
import type { BrowseFilterActions } from '../lib/use-browse-filters';
import { useDebouncedCommit } from '../lib/use-debounced-commit';
import { useMediaQuery } from '@/lib/use-media-query';
import { SearchCombobox } from './search-combobox';

const isOneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  options.some((option) => option === value);

/**
 * Search, sort, price, licence, category and tech-stack filters of /mvps. On a
 * phone, search and sort are always shown; the other filters fold behind a toggle, so the first
 * result is not a screen down, and are built when first opened.
 */
type FilterProps = Pick<BrowseFilterActions, 'filters' | 'updateFilters'>;

/** The order of the results; "Best match" is offered only while there is search text. */
function SortField({ filters, updateFilters }: FilterProps) {
  const options: readonly BrowseSort[] = filters.search.trim()
    ? [RELEVANCE_SORT, ...SORT_OPTIONS]
    : SORT_OPTIONS;
  return (
    <Field.Root>
      <Field.Label>Sort by</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={effectiveSort(filters)}
          onChange={(event) => {
            const value = event.target.value;
            if (isOneOf<BrowseSort>(options, value)) updateFilters({ sort: value });
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One category, or all. */
function CategoryField({ filters, updateFilters }: FilterProps) {
  return (
    <Field.Root>
      <Field.Label>Category</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={filters.category}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'All' || isOneOf<BrowseCategory>(TEMPLATE_CATEGORIES, value)) {
              updateFilters({ category: value });
            }
          }}
        >
          <option value="All">All</option>
          {TEMPLATE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface PriceFieldsProps {
  minPrice: string;
  maxPrice: string;
  onMinPrice: (value: string) => void;
  onMaxPrice: (value: string) => void;
}

/** Free, with a subscription, one-time purchase, or all. */
function PriceTierField({ filters, updateFilters }: FilterProps) {
  return (
    <Field.Root>
      <Field.Label>Price</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          data-testid="price-filter"
          value={filters.price}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'all' || isOneOf<AccessTier>(ACCESS_TIERS, value)) {
              updateFilters({ price: value });
            }
          }}
        >
          <option value="all">All prices</option>
          {ACCESS_TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {PRICE_FILTER_LABELS[tier]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The price range, each bound optional, with what it counts said beneath. */
function PriceFields({ minPrice, maxPrice, onMinPrice, onMaxPrice }: PriceFieldsProps) {
  return (
    <Stack gap="1">
      <SimpleGrid columns={2} gap="3">
        <Field.Root>
          <Field.Label>Min price</Field.Label>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="0"
            value={minPrice}
            onChange={(event) => onMinPrice(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Max price</Field.Label>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            placeholder="Any"
            value={maxPrice}
            onChange={(event) => onMaxPrice(event.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted" data-testid="price-range-hint">
        {PRICE_RANGE_HINT}
      </Text>
    </Stack>
  );
}

/** One licence, or all. */
function LicensingField({ filters, updateFilters }: FilterProps) {
  return (
    <Field.Root>
      <Field.Label>Licensing terms</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={filters.licensingTerms}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'all' || isOneOf<LicensingTerms>(LICENSING_TERMS, value)) {
              updateFilters({ licensingTerms: value });
            }
          }}
        >
          <option value="all">All licences</option>
          {LICENSING_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {LICENSING_LABELS[terms]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The technologies to require: the chosen ones as removable tags, then every one to tick. */
function TechStackFieldset({ filters, updateFilters }: FilterProps) {
  const setTech = (tech: BrowseTech) =>
    updateFilters({ techStack: toggleTech(filters, tech).techStack });

  return (
    <Box as="fieldset">
      <Text as="legend" fontSize="sm" fontWeight="medium" mb="2">
        Tech stack
      </Text>
      {filters.techStack.length > 0 && (
        <Wrap gap="2" mb="3" data-testid="selected-tech">
          {filters.techStack.map((tech) => (
            <Tag.Root key={tech} colorPalette="purple" variant="solid" size="md">
              <Tag.Label>{tech}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Remove ${tech}`} onClick={() => setTech(tech)} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
      <SimpleGrid columns={2} gap="2">
        {BROWSE_TECH_STACKS.map((tech) => (
          <Checkbox.Root
            key={tech}
            size="sm"
            checked={filters.techStack.includes(tech)}
            onCheckedChange={() => setTech(tech)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{tech}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** Chakra's `lg` breakpoint, from which the filters stand beside the results, all shown. */
const WIDE_SCREEN = '(min-width: 1024px)';

/** The panel's heading, with Clear All (disabled while no filter is set and no text typed). */
function FiltersHeading({ onClear, canClear }: { onClear: () => void; canClear: boolean }) {
  return (
    <HStack justify="space-between">
      <Heading as="h2" size="md">
        Filters
      </Heading>
      <Button
        size="xs"
        variant="ghost"
        data-testid="clear-filters"
        onClick={onClear}
        disabled={!canClear}
      >
        Clear All
      </Button>
    </HStack>
  );
}

export function FilterPanel({ filters, updateFilters, clearFilters }: BrowseFilterActions) {
  const [moreOpen, setMoreOpen] = useState(false);
  // Folded filters are not built on a phone until opened: about a hundred elements (the tech-stack
  // checkboxes) a phone's first render need not make (docs/architecture.md, Mobile performance).
  const wide = useMediaQuery(WIDE_SCREEN);
  const [searchText, setSearchText] = useDebouncedCommit(filters.search, (search) =>
    updateFilters({ search }, { replace: true }),
  );
  const [minPrice, setMinPrice] = useDebouncedCommit(filters.minPrice, (value) =>
    updateFilters({ minPrice: value }, { replace: true }),
  );
  const [maxPrice, setMaxPrice] = useDebouncedCommit(filters.maxPrice, (value) =>
    updateFilters({ maxPrice: value }, { replace: true }),
  );

  return (
    <Card.Root as="aside" aria-label="Filters" data-testid="filter-panel" variant="outline">
      <Card.Body gap="5">
        <FiltersHeading
          onClear={clearFilters}
          canClear={hasActiveFilters(filters) || searchText !== ''}
        />

        <Field.Root>
          <Field.Label>Search</Field.Label>
          <SearchCombobox
            filters={filters}
            value={searchText}
            onType={setSearchText}
            onSearch={(search) => {
              setSearchText(search);
              updateFilters({ search });
            }}
          />
        </Field.Root>

        <SortField filters={filters} updateFilters={updateFilters} />

        <Button
          display={{ base: 'flex', lg: 'none' }}
          w="full"
          variant="outline"
          size="sm"
          aria-expanded={moreOpen}
          aria-controls="more-filters"
          onClick={() => setMoreOpen((open) => !open)}
        >
          <LuSlidersHorizontal /> {moreOpen ? 'Hide filters' : 'More filters'}
          {hasActiveFilters(filters) && ' (active)'}
        </Button>
        <Stack id="more-filters" gap="5" display={{ base: moreOpen ? 'flex' : 'none', lg: 'flex' }}>
          {(moreOpen || wide) && (
            <>
              <CategoryField filters={filters} updateFilters={updateFilters} />

              <PriceTierField filters={filters} updateFilters={updateFilters} />

              <PriceFields
                minPrice={minPrice}
                maxPrice={maxPrice}
                onMinPrice={setMinPrice}
                onMaxPrice={setMaxPrice}
              />

              <LicensingField filters={filters} updateFilters={updateFilters} />

              <TechStackFieldset filters={filters} updateFilters={updateFilters} />
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import { Tag, Wrap } from '@chakra-ui/react';
import { splitTechTags } from '../lib/tech-tags';

export interface TechTagsProps {
  techStack: readonly string[];
  /** How many to show before '+N more': 3 on cards, 5 on the detail page. */
  max: number;
  size?: 'sm' | 'lg';
}

/** A template's technologies as tags, the first `max` of them and '+N more'. */
export function TechTags({ techStack, max, size = 'sm' }: TechTagsProps) {
  const { shown, more } = splitTechTags(techStack, max);
  const large = size === 'lg';
  return (
    <Wrap gap={large ? '2' : '1.5'} aria-label="Tech stack">
      {shown.map((tech) => (
        <Tag.Root
          key={tech}
          size={size}
          variant="subtle"
          colorPalette={large ? 'purple' : undefined}
        >
          <Tag.Label>{tech}</Tag.Label>
        </Tag.Root>
      ))}
      {more > 0 && (
        <Tag.Root size={size} variant="outline">
          <Tag.Label>+{more} more</Tag.Label>
        </Tag.Root>
      )}
    </Wrap>
  );
}

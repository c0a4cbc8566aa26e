/** The first `max` technologies and how many more there are ('+N more'; cards 3, detail 5). */
export function splitTechTags(
  techStack: readonly string[],
  max: number,
): { shown: string[]; more: number } {
  return { shown: techStack.slice(0, max), more: Math.max(0, techStack.length - max) };
}

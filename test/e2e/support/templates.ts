/** Looks up a seeded template's id by its title through the public browse API. */
import { baseUrl } from './stack';

export const templateIdByTitle = async (title: string): Promise<string> => {
  const response = await fetch(`${baseUrl()}/api/mvps?search=${encodeURIComponent(title)}`);
  const body = (await response.json()) as { items: { id: string; title: string }[] };
  const match = body.items.find((item) => item.title === title);
  if (!match) throw new Error(`No approved template titled ${title}.`);
  return match.id;
};

/**
 * Every live template, for the security re-check: apart from service.ts, whose imports (the
 * templates and profiles contracts, the profiles service) would build their schemas at each cold
 * start of the re-check, which reads the template index and nothing else.
 */
import { getTemplateById, listLiveTemplateHeads } from './repo';

/**
 * Every live template: id, seller, title, live version number and its worst known severity (the
 * security re-check, the admin's list of templates with advisories).
 */
export const listLiveTemplates = () => listLiveTemplateHeads();

/** One template's id, seller and title, whatever its status (a buyer keeps what they hold), or null. */
export const templateHeadOf = async (
  id: string,
): Promise<{ id: string; seller_id: string; title: string } | null> => {
  const item = await getTemplateById(id);
  return item ? { id: item.id, seller_id: item.seller_id, title: item.title } : null;
};

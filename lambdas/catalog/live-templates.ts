/**
 * Every live template, for the security re-check: apart from service.ts, whose imports (the
 * templates and profiles contracts, the profiles service) would build their schemas at each cold
 * start of the re-check, which reads the template index and nothing else.
 */
import { listLiveTemplateHeads } from './repo';

/**
 * Every live template: id, seller, title, live version number and its worst known severity (the
 * security re-check, the admin's list of templates with advisories).
 */
export const listLiveTemplates = () => listLiveTemplateHeads();

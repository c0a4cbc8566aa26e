/**
 * What the GitHub sync reads of the templates domain: the template, and the id of the version it
 * is about to store. Its own module, reading only the repository, so the sync's archive step does
 * not carry the templates' whole service (its schemas are most of its start-up time).
 */
import { ulid } from 'ulid';
import { getTemplateById } from './repo';

/** A template by id for the webhook and the sync tasks (archived ones included: callers check). */
export const getTemplate = getTemplateById;

/** The id of a new version: a ULID, so versions sort by when they were made. */
export const newVersionId = (): string => ulid();

// Types of eslint.entity-owners.js for the tests that import it.
import type { Rule } from 'eslint';

export const entityOwners: Record<
  string,
  { owner: string; readers?: string[]; writers?: string[] } | { shared: string }
>;
export function mayImportEntity(entity: string, domain: string): boolean;
export function mayWriteEntity(entity: string, domain: string): boolean;
export const WRITE_MESSAGE: string;
export const entityWrites: Rule.RuleModule;

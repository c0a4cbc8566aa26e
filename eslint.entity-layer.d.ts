// Types of eslint.entity-layer.js for the tests that import it.
import type { Rule } from 'eslint';

export function isRepoFile(relative: string): boolean;
export function isEntityLayer(relative: string): boolean;
export const LAYER_MESSAGE: string;
export const entityLayer: Rule.RuleModule;

// Types of eslint.features.js for the tests that import it.
import type { Linter } from 'eslint';

export const features: string[];
export const FEATURE_INDEX_MESSAGE: string;
export const CLIMB_MESSAGE: string;
export const RELATIVE_FEATURE_MESSAGE: string;
export const featureZones: Linter.Config[];

// The classes of logo.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const row: string;
export const mark: string;
export const wordmark: string;
export const wordmarkOnDark: string;
export const accent: string;
export const accentOnDark: string;

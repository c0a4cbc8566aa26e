// The classes of footer.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const footer: string;
export const container: string;
export const columns: string;
export const brand: string;
export const tagline: string;
export const group: string;
export const groupTitle: string;
export const link: string;
export const bottom: string;
export const copyright: string;

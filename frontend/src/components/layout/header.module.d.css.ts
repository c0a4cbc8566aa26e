// The classes of header.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const header: string;
export const container: string;
export const bar: string;
export const nav: string;
export const navItem: string;
export const navItemActive: string;
export const actions: string;
export const wideOnly: string;

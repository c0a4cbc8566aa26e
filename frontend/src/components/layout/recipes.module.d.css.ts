// The classes of recipes.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const container: string;
export const heading3xl: string;
export const headingLg: string;
export const heading: string;
export const link: string;
export const visuallyHidden: string;
export const cardRoot: string;
export const cardBody: string;
export const cardTitle: string;
export const cardDescription: string;
export const cardFooter: string;

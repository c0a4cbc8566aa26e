// The classes of template-detail-view.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const page: string;
export const grid: string;
export const gallery: string;
export const body: string;
export const summary: string;
export const block: string;
export const description: string;
export const badges: string;
export const title: string;
export const tagline: string;
export const figures: string;
export const figure: string;
export const rating: string;

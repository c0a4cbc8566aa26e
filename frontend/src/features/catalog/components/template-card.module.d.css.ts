// The classes of template-card.module.css, made by test/unit/frontend/components/css-module-types.test.ts.
export const root: string;
export const cover: string;
export const image: string;
export const access: string;
export const body: string;
export const oneLine: string;
export const title: string;
export const description: string;
export const phoneOnly: string;
export const wideOnly: string;
export const figures: string;
export const figure: string;
export const seller: string;
export const sellerLink: string;
export const footer: string;

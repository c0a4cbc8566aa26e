/**
 * Free templates' label on cards and the detail page, and the sentence before a free download: a
 * module of its own because the cards are on the home page's first load, and a module the lazy
 * pages share goes whole into the first load (the download contract's every text with it).
 */
export const FREE_TEMPLATE_TEXT = 'Free download — uses none of your quota.';

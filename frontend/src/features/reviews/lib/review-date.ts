/** A review's date as people here read it: `27 Nov 2026` (en-GB). */
export const formatReviewDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

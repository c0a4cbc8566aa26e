/** Short month labels of the seller's analytics charts (`YYYY-MM`, UTC), in en-GB. */

const monthDate = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 1, 1));
};

/** `Nov 26`: short, for chart axes. */
export const shortMonth = (month: string): string =>
  monthDate(month).toLocaleDateString('en-GB', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

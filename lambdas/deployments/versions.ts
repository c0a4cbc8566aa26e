/** Comparing the templates' `major.minor.patch` versions (a missing part counts as 0). */
const partsOf = (version: string): number[] =>
  version
    .replace(/^v/i, '')
    .split(/[.-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);

/** Negative, zero or positive as `a` is older than, the same as, or newer than `b`. */
export const compareVersions = (a: string, b: string): number => {
  const left = partsOf(a);
  const right = partsOf(b);
  for (let index = 0; index < 3; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

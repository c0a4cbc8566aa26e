/**
 * JSON with comments and trailing commas (bun.lock is written so), read by cutting both out and
 * handing the rest to `JSON.parse`. One regular expression rather than a parser package: the two
 * additions to JSON are all bun.lock uses, and the audit's cold start pays for each package. The
 * expression matches a whole string first (kept as `$1`), so a `//` or a `,]` inside one stays;
 * the string's pattern is unrolled (`"[^"\\]*(?:\\.[^"\\]*)*"`), as an alternation per character
 * is several times slower on a 1 MB lock file.
 */

const STRING = String.raw`"[^"\\]*(?:\\.[^"\\]*)*"`;
const COMMENT = String.raw`//[^\n]*|/\*[\s\S]*?\*/`;
/** A string (kept), a comment, or a comma before a closing bracket, comments between allowed. */
const NOT_JSON = new RegExp(String.raw`(${STRING})|${COMMENT}|,(?=(?:\s|${COMMENT})*[}\]])`, 'g');

/** Parses JSON that may carry `//` and `/* *\/` comments and trailing commas. */
export const parseJsonc = (text: string): unknown => JSON.parse(text.replace(NOT_JSON, '$1'));

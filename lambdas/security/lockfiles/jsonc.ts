/**
 * JSON with comments and trailing commas (bun.lock is written so), read by removing both and
 * handing the rest to `JSON.parse`. A scanner of a few lines rather than a parser package: the
 * two additions to JSON are all bun.lock uses, and the audit's cold start pays for each package.
 */

/** Walks `text`, calling `visit` for each character outside strings; strings are copied whole. */
const scan = (text: string, visit: (at: number, out: string[]) => number): string => {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out.push(text.slice(at, end + 1));
      at = end + 1;
    } else at = visit(at, out);
  }
  return out.join('');
};

const withoutComments = (text: string) =>
  scan(text, (at, out) => {
    if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at);
      return end === -1 ? text.length : end;
    }
    if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      return end === -1 ? text.length : end + 2;
    }
    out.push(text[at]!);
    return at + 1;
  });

const withoutTrailingCommas = (text: string) =>
  scan(text, (at, out) => {
    if (text[at] === ',') {
      let next = at + 1;
      while (/\s/.test(text[next] ?? '')) next += 1;
      if (text[next] === '}' || text[next] === ']') return at + 1;
    }
    out.push(text[at]!);
    return at + 1;
  });

/** Parses JSON that may carry `//` and `/* *\/` comments and trailing commas. */
export const parseJsonc = (text: string): unknown =>
  JSON.parse(withoutTrailingCommas(withoutComments(text)));

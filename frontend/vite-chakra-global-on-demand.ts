/**
 * A Vite plugin that makes Chakra's `createSystem` build its global CSS only when something reads
 * it, in the bundle the browser gets.
 *
 * Why: `createSystem` ends by computing `system._global`, the CSS objects of the reset, the global
 * styles and every token's variable in both colour modes (`getTokenCss` alone walks ~1,300
 * variables), which only Chakra's provider reads, to inject them. We serve that CSS as a
 * stylesheet (`src/app/chakra-global.css`) and set the shell system's `_global` to nothing
 * (lib/chakra-theme.ts), so the work was thrown away: about a third of `createSystem`, and
 * `createSystem` was the longest task after a phone's first paint (docs/architecture.md, Mobile
 * performance).
 *
 * How: in Chakra's `styled-system/system.js`, the eager `const _global = [...]` becomes a getter
 * that computes the same array on the first read, and a setter that replaces it. Any other reader
 * gets what Chakra would have given. The rewrite needs Chakra's code as it is; if an upgrade
 * changes it, the build fails with this file's name rather than silently losing the saving
 * (test/unit/frontend/vite-chakra-global-on-demand.test.ts checks the installed Chakra).
 */
import type { Plugin } from 'vite';

const MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const GLOBAL_STYLES = '[getPreflightCss(), getGlobalCss(), getTokenCss()]';
const EAGER = `  const _global = ${GLOBAL_STYLES};\n`;
const IN_RESULT = '    _global,\n';

/** Chakra's system.js with `_global` computed on first read; throws if the code is not as known. */
export const globalOnDemand = (code: string): string => {
  if (!code.includes(EAGER) || code.split(IN_RESULT).length !== 2) {
    throw new Error(
      "frontend/vite-chakra-global-on-demand.ts: Chakra's styled-system/system.js no longer " +
        'computes `_global` as this plugin expects; update the plugin for the new Chakra or remove it.',
    );
  }
  return code
    .replace(EAGER, '  let _globalStyles;\n')
    .replace(
      IN_RESULT,
      '    get _global() {\n' +
        `      return (_globalStyles ??= ${GLOBAL_STYLES});\n` +
        '    },\n' +
        '    set _global(value) {\n' +
        '      _globalStyles = value;\n' +
        '    },\n',
    );
};

export const chakraGlobalOnDemand = (): Plugin => {
  let rewritten = false;
  return {
    name: 'chakra-global-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      rewritten = true;
      // Lines are added, not moved, within one function: the source map of the rest stays close
      // enough for a profile, and Chakra ships no map of its own to keep.
      return { code: globalOnDemand(code), map: null };
    },
    buildEnd(error) {
      if (!error && !rewritten) {
        this.error(
          'frontend/vite-chakra-global-on-demand.ts: the build has no Chakra styled-system/system.js; update or remove the plugin.',
        );
      }
    },
  };
};

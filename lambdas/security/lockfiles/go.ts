/**
 * Go modules. `go.sum` holds two lines per module version it verified: `<module> <version> h1:…`
 * for the module's code and `<module> <version>/go.mod h1:…` for its go.mod alone; only the first
 * kind was downloaded to build, so the second is left out (it names versions the build never
 * uses). `go.mod`'s `require` lines are the project's own dependencies, those marked
 * `// indirect` excepted; without a go.sum beside it, go.mod's requirements (the whole module
 * graph since Go 1.17) are the pins. OSV writes Go versions without the `v`.
 */
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

const goVersion = (version: string) => version.replace(/^v/, '');

export const parseGoSum = (text: string, path = 'go.sum'): ParsedLockFile => {
  const found = new Map<string, LockedPackage>();
  let lines = 0;
  let wellFormed = 0;
  for (const line of text.split(/\r?\n/)) {
    const [module, version, hash] = line.trim().split(/\s+/);
    if (!module) continue;
    lines += 1;
    if (!version || !hash?.startsWith('h1:')) continue;
    wellFormed += 1;
    if (version.endsWith('/go.mod')) continue;
    found.set(`${module}@${version}`, {
      ecosystem: 'Go',
      name: module,
      version: goVersion(version),
    });
  }
  if (lines > 0 && wellFormed === 0)
    throw new LockFileError(path, 'has no "<module> <version> h1:<hash>" lines');
  return { packages: [...found.values()], unpinned: 0 };
};

interface Requirement {
  module: string;
  version: string;
  indirect: boolean;
}

/** The `require` lines of a go.mod, in a block `require ( … )` or one at a time. */
const requirementsOf = (text: string): Requirement[] => {
  const requirements: Requirement[] = [];
  let inBlock = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const single = /^require\s+([^\s(]+)\s+(\S+)(.*)$/.exec(line);
    if (/^require\s*\($/.test(line)) inBlock = true;
    else if (inBlock && line === ')') inBlock = false;
    else if (single || inBlock) {
      const match = single ?? /^([^\s/][^\s]*)\s+(v\S+)(.*)$/.exec(line);
      if (match)
        requirements.push({
          module: match[1]!,
          version: match[2]!,
          indirect: /\/\/\s*indirect/.test(match[3] ?? ''),
        });
    }
  }
  return requirements;
};

/** The modules a go.mod requires itself (not `// indirect`). */
export const goModDirect = (text: string): string[] =>
  requirementsOf(text)
    .filter((requirement) => !requirement.indirect)
    .map((requirement) => requirement.module);

/** go.mod's requirements as pins, for a module that has no go.sum. */
export const parseGoMod = (text: string, path = 'go.mod'): ParsedLockFile => {
  if (!/^module\s+\S+/m.test(text))
    throw new LockFileError(path, 'has no "module" line, so it is not a go.mod');
  const requirements = requirementsOf(text);
  return {
    packages: requirements.map((requirement) => ({
      ecosystem: 'Go',
      name: requirement.module,
      version: goVersion(requirement.version),
    })),
    unpinned: 0,
    direct: requirements.filter((r) => !r.indirect).map((r) => r.module),
  };
};

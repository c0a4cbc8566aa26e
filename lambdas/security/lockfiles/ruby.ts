/**
 * `Gemfile.lock`, Bundler's own indented format. Each `GEM` section (one per gem server) lists
 * under `specs:` every resolved gem at four spaces, `name (version)`, with its own requirements
 * at six; a gem built for a platform carries it after the version (`nokogiri (1.16.2-x86_64-linux)`),
 * which is not part of the release (gem versions never hold a `-`). `GIT` and `PATH` sections
 * are not RubyGems releases. `DEPENDENCIES` lists what the Gemfile asks for: the direct gems
 * (`rails (~> 7.1)`, `my_gem!` for one from git or a path).
 */
import { LockFileError, type LockedPackage, type ParsedLockFile } from './types';

export const parseGemfileLock = (text: string, path = 'Gemfile.lock'): ParsedLockFile => {
  const found = new Map<string, LockedPackage>();
  const direct: string[] = [];
  let section = '';
  let inSpecs = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) {
      section = line.trim();
      inSpecs = false;
      continue;
    }
    if (section === 'GEM') {
      if (/^ {2}specs:\s*$/.test(line)) inSpecs = true;
      else if (/^ {2}\S/.test(line)) inSpecs = false;
      const spec = inSpecs ? /^ {4}([^\s(]+) \(([^)]+)\)\s*$/.exec(line) : null;
      if (spec) {
        const version = spec[2]!.split('-')[0]!;
        found.set(`${spec[1]}@${version}`, { ecosystem: 'RubyGems', name: spec[1]!, version });
      }
    } else if (section === 'DEPENDENCIES') {
      const dependency = /^ {2}([^\s(!]+)/.exec(line);
      if (dependency) direct.push(dependency[1]!);
    }
  }
  if (found.size === 0 && !/^GEM$/m.test(text) && !/^DEPENDENCIES$/m.test(text))
    throw new LockFileError(
      path,
      'has no GEM or DEPENDENCIES section, so it is not a Gemfile.lock',
    );
  return { packages: [...found.values()], unpinned: 0, direct };
};

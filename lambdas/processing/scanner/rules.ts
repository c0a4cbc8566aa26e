/**
 * What the scanner looks for in each entry of a bundle: paths that escape the extraction root,
 * executables and nested archives, and committed secrets. Every finding names the entry; secret
 * values themselves are never copied into a finding (they would end up in the table and in logs).
 */
import type { ScanFinding } from '../schema';
import { isEnvFileName, isExampleEnvName, knownSecretsIn, secretEnvVariables } from './secrets';

const finding = (file: string, rule: string, message: string): ScanFinding => ({
  file,
  rule,
  message,
});

/** The path rules are every archive reader's (lambdas/shared/archives/limits.ts). */
export { checkEntryPath } from '../../shared/archives/limits';

const extensionOf = (name: string): string => {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

export const baseNameOf = (name: string): string => name.split('/').pop() ?? name;

/**
 * Compiled Windows and JVM programs and libraries. Scripts (.bat, .cmd, .ps1, .sh) are not here:
 * they are text a buyer can read (Sphinx's make.bat is in every Python project's docs) and are
 * searched for secrets like any other text file.
 */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'dll',
  'scr',
  'jar',
  'msi',
  'cpl',
  'sys',
  'dylib',
  'so',
]);
const ARCHIVE_EXTENSIONS = new Set([
  'zip',
  'tar',
  'gz',
  'tgz',
  'rar',
  '7z',
  'bz2',
  'xz',
  'war',
  'ear',
]);
/**
 * Binary assets a web template legitimately ships: images, fonts, media, documents (office files
 * are zip containers, so they are exempt from the nested-archive rule). Their bytes are not searched
 * for secrets.
 */
const BINARY_ASSET_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'mp3',
  'mp4',
  'webm',
  'wav',
  'ogg',
  'm4a',
  'mov',
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'wasm',
]);

/**
 * How many leading bytes of an entry the content rules need: a binary asset is only checked for
 * executable magic bytes, anything else is searched for secrets up to `textLimit`.
 */
export const headBytesNeeded = (name: string, textLimit: number): number =>
  isBinaryAssetName(name) ? 64 : textLimit;

/** Whether the name is a binary asset's (image, font, media, document): never previewed as text. */
export const isBinaryAssetName = (name: string): boolean =>
  BINARY_ASSET_EXTENSIONS.has(extensionOf(name));

/** Findings from the entry's name alone (known before any byte is read). */
export const checkEntryName = (name: string): ScanFinding[] => {
  const ext = extensionOf(name);
  const base = baseNameOf(name).toLowerCase();
  if (EXECUTABLE_EXTENSIONS.has(ext) || /\.so(\.\d+)+$/.test(base)) {
    return [
      finding(
        name,
        'executable',
        `is an executable or library (.${ext || 'so'}); source templates must not ship binaries`,
      ),
    ];
  }
  if (ARCHIVE_EXTENSIONS.has(ext)) {
    return [
      finding(
        name,
        'nested-archive',
        'is an archive inside the archive; nested archives cannot be scanned',
      ),
    ];
  }
  return [];
};

/** Folders of installed packages: made on the seller's machine, never part of a template. */
const INSTALLED_FOLDERS = new Set(['.venv', 'venv', 'node_modules', '.tox', '__pypackages__']);

/** A link's target as a seller can read it: control characters out, a path's length at most. */
const printableTarget = (target: string): string => {
  // eslint-disable-next-line no-control-regex -- the characters are what is removed
  const clean = target.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.length > 200 ? `${clean.slice(0, 197)}...` : clean;
};

/**
 * The finding for a link (symbolic or hard) in a bundle. Links are refused whatever they point at:
 * extracted on a buyer's machine a link can reach outside the folder, and one into a folder left
 * out of the bundle (`.venv/bin/python3`) points at nothing. The message says where the link
 * points, when the archive says, and what to do instead; a link inside a folder of installed
 * packages says to leave that folder out.
 */
export const linkFinding = (
  file: string,
  target?: string | null,
  kind: 'link' | 'hard link' = 'link',
): ScanFinding => {
  const shown = target ? printableTarget(target) : '';
  const what = `is a ${kind}${shown ? ` to ${shown}` : ''}`;
  const installed = file.split('/').find((segment) => INSTALLED_FOLDERS.has(segment));
  return finding(
    file,
    'symlink',
    installed
      ? `${what} inside ${installed}/, a folder of installed packages that does not belong in a template; links are not accepted, leave ${installed}/ out of the bundle`
      : `${what}; links are not accepted, include the file itself or leave it out`,
  );
};

const startsWith = (head: Uint8Array, bytes: number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((byte, index) => head[at + index] === byte);

/** Executable formats recognised by their first bytes, whatever the file is called. */
const executableKind = (head: Uint8Array): string | undefined => {
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'an ELF executable';
  if (startsWith(head, [0x4d, 0x5a]) && head.length >= 64) return 'a Windows (PE) executable';
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
  ]) {
    if (startsWith(head, magic)) return 'a Mach-O executable';
  }
  if (startsWith(head, [0xca, 0xfe, 0xba, 0xbe])) return 'a Mach-O universal binary or Java class';
  return undefined;
};

const archiveKind = (head: Uint8Array): string | undefined => {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(head, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return 'tar';
  return undefined;
};

/** Git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
export const looksBinary = (head: Uint8Array): boolean => head.subarray(0, 8000).includes(0);

/**
 * Findings from an entry's first bytes (`head`, at most `textScanBytes`): executables and nested
 * archives by magic bytes, then, for text, known key formats and the values of a real `.env` file
 * that look like secrets.
 */
export const checkEntryContent = (name: string, head: Uint8Array): ScanFinding[] => {
  const ext = extensionOf(name);
  const found: ScanFinding[] = [];
  const executable = executableKind(head);
  if (executable) {
    return [
      finding(name, 'executable', `is ${executable}; source templates must not ship binaries`),
    ];
  }
  if (BINARY_ASSET_EXTENSIONS.has(ext)) return [];
  const archive = archiveKind(head);
  if (archive && !ARCHIVE_EXTENSIONS.has(ext)) {
    return [
      finding(
        name,
        'nested-archive',
        `is a ${archive} archive inside the archive; nested archives cannot be scanned`,
      ),
    ];
  }
  if (looksBinary(head)) return [];

  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8');
  const base = baseNameOf(name);
  if (isEnvFileName(base) && !isExampleEnvName(base)) {
    const names = secretEnvVariables(text);
    if (names.length > 0) {
      const listed =
        names.slice(0, 5).join(', ') + (names.length > 5 ? `, and ${names.length - 5} more` : '');
      found.push(
        finding(
          name,
          'env-file',
          `is an environment file with values that look like secrets (${listed}); ship a .env.example with empty values instead`,
        ),
      );
    }
  }
  for (const { rule, message } of knownSecretsIn(text)) found.push(finding(name, rule, message));
  return found;
};

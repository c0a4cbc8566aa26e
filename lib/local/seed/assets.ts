/**
 * Files for the demo templates: preview images (SVG, a gradient with the title) and a real small
 * zip bundle per template, so previews render and downloads hand out an archive that unpacks.
 */
import { strToU8, zipSync } from 'fflate';
import type { SeedTemplate } from './templates';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const PREVIEW_CAPTIONS = ['Overview', 'Inside the app', 'On mobile'];

/** Preview `index` (0-based) of a template: 1200×750, the card's 16:10 ratio. */
export const renderPreviewSvg = (template: SeedTemplate, index: number): string => {
  const [from, to] = template.colors;
  const caption = PREVIEW_CAPTIONS[index] ?? `View ${index + 1}`;
  // A few interface-like blocks so the three previews of a template look different.
  const blocks = [0, 1, 2]
    .map((row) => {
      const y = 360 + row * 90 + index * 12;
      const width = 760 - row * 140 - index * 60;
      return `<rect x="220" y="${y}" width="${width}" height="56" rx="12" fill="#ffffff" fill-opacity="${0.22 - row * 0.05}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750" viewBox="0 0 1200 750">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="750" fill="url(#g)"/>
<rect x="160" y="120" width="880" height="540" rx="28" fill="#000000" fill-opacity="0.18"/>
<text x="600" y="250" text-anchor="middle" font-family="Inter, Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(template.title)}</text>
<text x="600" y="310" text-anchor="middle" font-family="Inter, Helvetica, Arial, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.85">${escapeXml(caption)}</text>
${blocks}
</svg>
`;
};

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A small but real project archive: README, package.json and a source file. */
export const buildBundleZip = (template: SeedTemplate): Uint8Array => {
  const name = slugOf(template.title);
  const readme = `# ${template.title}

${template.tagline}

${template.description}

## Features
${template.features.map((feature) => `- ${feature}`).join('\n')}

## Tech stack
${template.techStack.map((tech) => `- ${tech}`).join('\n')}

## Getting started
\`\`\`sh
npm install
npm run dev
\`\`\`
`;
  const packageJson = JSON.stringify(
    {
      name,
      version: template.versionNumber,
      private: true,
      type: 'module',
      scripts: { dev: 'node src/index.ts', build: 'tsc -p .' },
    },
    null,
    2,
  );
  const source = `// ${template.title}: entry point.
export const features = ${JSON.stringify(template.features, null, 2)};

console.log(\`${template.title.replace(/`/g, '')} is running with \${features.length} features.\`);
`;
  // A fixed modification time keeps the archive byte-identical across reseeds.
  const mtime = new Date('2025-01-01T00:00:00Z');
  return zipSync(
    {
      [`${name}/README.md`]: [strToU8(readme), { mtime }],
      [`${name}/package.json`]: [strToU8(`${packageJson}\n`), { mtime }],
      [`${name}/src/index.ts`]: [strToU8(source), { mtime }],
    },
    { level: 6 },
  );
};

export { slugOf };

/**
 * The code preview's renderers, in their own chunk: the bundle-file tree imports this module with
 * a dynamic `import()` only when the detail page shows a file or a README, so neither the home
 * page nor any other page downloads highlight.js, marked or DOMPurify.
 *
 * - `highlightCode`: highlight.js core with the languages templates are written in; the result is
 *   highlight.js's escaped HTML (spans with `hljs-*` classes, the text escaped).
 * - `renderMarkdown`: a README as GitHub shows it, sanitised (readme-rendering.ts).
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const languages = {
  bash,
  css,
  dockerfile,
  go,
  ini,
  javascript,
  json,
  markdown,
  python,
  rust,
  scss,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);

type Language = keyof typeof languages;

const BY_EXTENSION: Record<string, Language> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  css: 'css',
  scss: 'scss',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  vue: 'xml',
  svelte: 'xml',
  md: 'markdown',
  markdown: 'markdown',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
  py: 'python',
  go: 'go',
  rs: 'rust',
  sql: 'sql',
  toml: 'ini',
  ini: 'ini',
  env: 'ini',
};

const BY_NAME: Record<string, Language> = {
  dockerfile: 'dockerfile',
  '.env.example': 'ini',
  '.env.sample': 'ini',
  '.gitignore': 'bash',
  makefile: 'bash',
};

/** The language of a file from its name, or null (shown as plain text). */
export const languageOf = (path: string): Language | null => {
  const base = (path.split('/').pop() ?? path).toLowerCase();
  if (BY_NAME[base]) return BY_NAME[base];
  const dot = base.lastIndexOf('.');
  return dot >= 0 ? (BY_EXTENSION[base.slice(dot + 1)] ?? null) : null;
};

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Highlighted HTML of `code` (escaped text in `hljs-*` spans), by the file's name. */
export const highlightCode = (code: string, path: string): { html: string; language: string } => {
  const language = languageOf(path);
  if (!language) return { html: escapeHtml(code), language: 'text' };
  return { html: hljs.highlight(code, { language, ignoreIllegals: true }).value, language };
};

export { renderMarkdown, type ReadmeContext } from './readme-rendering';

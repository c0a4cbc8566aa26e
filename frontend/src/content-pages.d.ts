/** A Markdown content page, rendered at build time (frontend/vite.config.ts `markdownPages`). */
declare module '*.md' {
  const page: { title: string; description: string; html: string };
  export default page;
}

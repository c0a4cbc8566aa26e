/**
 * Whether a site Netlify calls ready really serves the built template: "live" is said only after
 * its address answered. The root must answer 200 with a web page, and the repository's own files
 * (package.json, .env.example, the README) must not be public: a site that serves them published
 * the repository instead of the build's output (a private repository's files made public). A
 * single-page app that answers every path with its index.html is fine: an HTML answer to
 * `/package.json` is the app, not the file.
 */
import { SITE_SETTINGS_MESSAGES, type SiteSettings } from '../../../contract/site-settings';

/** Files of a template's repository that no built site serves. */
const REPOSITORY_FILES = ['package.json', '.env.example', '.env', 'README.md'];

/** How long one request to the site may take. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface LiveCheck {
  live: boolean;
  /** Why it is not live, in the buyer's words. */
  reason?: string;
  /** The site answered something a moment may change (not found yet, no answer): ask again. */
  retry?: boolean;
}

const get = (url: string) =>
  fetch(url, {
    redirect: 'follow',
    headers: { accept: 'text/html,*/*' },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

const isHtml = (response: Response) =>
  (response.headers.get('content-type') ?? '').toLowerCase().includes('text/html');

/** Requests the site's root and its repository's files; never throws. */
export const checkLiveSite = async (
  siteUrl: string,
  settings: Pick<SiteSettings, 'publish_dir'> | undefined,
): Promise<LiveCheck> => {
  let root: Response;
  try {
    root = await get(siteUrl);
    await root.body?.cancel();
  } catch {
    return { live: false, retry: true, reason: SITE_SETTINGS_MESSAGES.siteUnreachable };
  }
  if (!root.ok) {
    return { live: false, retry: true, reason: SITE_SETTINGS_MESSAGES.siteNotServing(root.status) };
  }
  if (!isHtml(root)) return { live: false, reason: SITE_SETTINGS_MESSAGES.siteNotHtml };
  // A static template published from its root is its files by design: its README is a page.
  const probed =
    settings?.publish_dir === '.'
      ? REPOSITORY_FILES.filter((file) => file !== 'README.md')
      : REPOSITORY_FILES;
  for (const file of probed) {
    const answer = await get(new URL(file, siteUrl).href).catch(() => undefined);
    await answer?.body?.cancel();
    if (answer?.ok && !isHtml(answer)) {
      return { live: false, reason: SITE_SETTINGS_MESSAGES.siteServesRepository(file) };
    }
  }
  return { live: true };
};

/** Lines of the build log a deployment keeps. */
const LOG_TAIL_LINES = 20;
const LOG_TAIL_CHARS = 2000;

/** Credentials a log line may carry, masked before the buyer's record keeps it. */
const SECRETS = [
  /\/\/[^/@\s]+@/g,
  /\b(gh[pousr]_|github_pat_|glpat-|nfp_|sk_live_|sk_test_|rk_live_|xox[abp]-)[A-Za-z0-9_-]+/g,
  /\b(authorization:?\s*(basic|bearer|token))\s+\S+/gi,
  /\b(AKIA|ASIA)[A-Z0-9]{16}\b/g,
];

/** The last lines of a build log, without credentials, short enough for the deployment item. */
export const logTailOf = (log: string | null | undefined): string | undefined => {
  if (!log?.trim()) return undefined;
  let tail = log.trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  for (const secret of SECRETS) {
    tail = tail.replace(secret, (match: string, prefix: unknown) =>
      match.startsWith('//') ? '//***@' : `${String(prefix)} [redacted]`,
    );
  }
  return tail.length > LOG_TAIL_CHARS ? tail.slice(-LOG_TAIL_CHARS) : tail;
};

/**
 * `GET /app/sites/<name>`: the site's `admin_url`, a read-only stand-in for Netlify's site dashboard
 * (its repository, URL, and each deploy with its state, error and build log).
 */
import type { ServerResponse } from 'node:http';
import { escapeHtml, page, redactUrl, sendHtml } from './http';
import { siteUrl, type ObjectContext } from './objects';
import { notFoundPage } from './serve';

export const handleAdminPage = (ctx: ObjectContext, name: string, response: ServerResponse) => {
  const site = Object.values(ctx.state.sites).find((candidate) => candidate.name === name);
  if (!site) return notFoundPage(response, 'Site not found');
  const deploys = Object.values(ctx.state.deploys)
    .filter((deploy) => deploy.site_id === site.id)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
  const rows = deploys
    .map(
      (deploy) => `<tr><td>${escapeHtml(deploy.created_at.replace('T', ' ').slice(0, 19))}</td>
<td>${escapeHtml(deploy.state)}${deploy.id === site.published_deploy_id ? ' (published)' : ''}</td>
<td>${escapeHtml(deploy.commit_ref?.slice(0, 7) ?? '')} ${escapeHtml(deploy.commit_message ?? '')}
${deploy.error_message ? `<div class="error">${escapeHtml(deploy.error_message)}</div>` : ''}
<details><summary>Log</summary><pre>${escapeHtml(deploy.log.join('\n'))}</pre></details></td></tr>`,
    )
    .join('');
  const url = siteUrl(ctx, site.name);
  sendHtml(
    response,
    200,
    page(
      site.name,
      `<h1>${escapeHtml(site.name)}</h1>
<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>Repository: ${escapeHtml(site.repo?.repo_path ?? redactUrl(site.repo?.repo_url ?? 'none'))}${site.repo?.repo_branch ? ` (${escapeHtml(site.repo.repo_branch)})` : ''}</p>
<table><thead><tr><th>Created</th><th>State</th><th>Commit</th></tr></thead><tbody>${rows}</tbody></table>`,
    ),
  );
};

/**
 * GithubRepoLink (docs/data-model.md, section 3.4): which template a GitHub repository is linked to. A push
 * webhook names only the repository, so the template is found by GetItem on owner and name; one
 * repository links to one template (the Put's condition).
 *
 * - byRepo (table): pk `github_repo_owner`,`github_repo_name` (both lower-cased: GitHub names are
 *   case-insensitive)
 */
import { defineEntity } from '../entity';

export interface GithubRepoLinkItem {
  github_repo_owner: string;
  github_repo_name: string;
  mvp_id: string;
  seller_id: string;
  linked_at: string;
}

export const GithubRepoLinkEntity = defineEntity<GithubRepoLinkItem>()({
  entity: 'githubRepoLink',
  version: '1',
  indexes: {
    byRepo: { pk: ['github_repo_owner', 'github_repo_name'], sk: [] },
  },
});

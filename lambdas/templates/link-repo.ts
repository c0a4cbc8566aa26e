/**
 * GitHub repository links (docs/data-model.md, section 3.4, G1–G3): which template a repository
 * feeds, written with the template's GitHub fields in one transaction.
 */
import {
  GithubRepoLinkEntity,
  type GithubRepoLinkItem,
} from '../shared/db/entities/github-repo-link';
import { TemplateEntity } from '../shared/db/entities/template';
import { transactWrite } from '../shared/db/transaction';
import { assertCommitted } from './committed';

export type { GithubRepoLinkItem };

/** Repository names are case-insensitive on GitHub: the link's key is lower-cased. */
const linkKey = (owner: string, name: string) => ({
  github_repo_owner: owner.toLowerCase(),
  github_repo_name: name.toLowerCase(),
});

/** G2: the template a repository is linked to. */
export const getRepoLink = async (
  owner: string,
  name: string,
): Promise<GithubRepoLinkItem | null> => {
  const { data } = await GithubRepoLinkEntity.get(linkKey(owner, name)).go({ consistent: true });
  return data;
};

/**
 * G1: links the repository to the template (refused, item `link`, when it is linked to another
 * one; item `mvp` when the caller no longer owns it or it is archived) and stores the sealed
 * webhook secret.
 */
export const linkRepository = async (input: {
  mvpId: string;
  sellerId: string;
  owner: string;
  name: string;
  sealedSecret: string;
  previous?: { owner: string; name: string };
  now: string;
}): Promise<void> => {
  const key = linkKey(input.owner, input.name);
  const previousKey = input.previous && linkKey(input.previous.owner, input.previous.name);
  const replacesOther =
    previousKey &&
    (previousKey.github_repo_owner !== key.github_repo_owner ||
      previousKey.github_repo_name !== key.github_repo_name);
  assertCommitted(
    await transactWrite({
      link: GithubRepoLinkEntity.put({
        ...key,
        mvp_id: input.mvpId,
        seller_id: input.sellerId,
        linked_at: input.now,
      }).where((attr, op) => `${op.notExists(attr.mvp_id)} OR ${op.eq(attr.mvp_id, input.mvpId)}`),
      previous:
        replacesOther &&
        GithubRepoLinkEntity.delete(previousKey).where((attr, op) =>
          op.eq(attr.mvp_id, input.mvpId),
        ),
      mvp: TemplateEntity.patch({ id: input.mvpId })
        .set({
          github_repo_owner: input.owner,
          github_repo_name: input.name,
          github_webhook_secret: input.sealedSecret,
          updated_at: input.now,
        })
        .where(
          (attr, op) =>
            `${op.eq(attr.seller_id, input.sellerId)} AND ${op.ne(attr.status, 'archived')}`,
        ),
    }),
  );
};

/**
 * G3: removes the link and the template's three GitHub fields. The last synced commit stays, so a
 * relink of the same repository does not make its head a version again.
 */
export const unlinkRepository = async (input: {
  mvpId: string;
  owner: string;
  name: string;
  now: string;
}): Promise<void> => {
  assertCommitted(
    await transactWrite({
      link: GithubRepoLinkEntity.delete(linkKey(input.owner, input.name)).where((attr, op) =>
        op.eq(attr.mvp_id, input.mvpId),
      ),
      mvp: TemplateEntity.patch({ id: input.mvpId })
        .set({ updated_at: input.now })
        .remove(['github_repo_owner', 'github_repo_name', 'github_webhook_secret']),
    }),
  );
};

/**
 * The admin's newsletter issue list after a save or a send (features/admin/api/newsletter-issues.ts):
 * the list is read from an eventually consistent index, so what the API answered goes into the
 * list as it is, and the list is not asked for again at once (which could leave the new draft out,
 * or show the issue just sent as a draft).
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AdminNewsletterIssue } from '../../../../../contract/newsletter-issues';
import {
  newsletterIssueKeys,
  showIssue,
} from '../../../../../frontend/src/features/admin/api/newsletter-issues';

const issue = (id: string, status: AdminNewsletterIssue['status']): AdminNewsletterIssue => ({
  id,
  newsletter_type_id: 'site_updates',
  newsletter_type_name: 'Site updates',
  subject: `Issue ${id}`,
  body: 'What is new.',
  status,
  recipients: status === 'draft' ? null : 3,
  sent: 0,
  failed: 0,
  created_at: '2026-12-01T10:00:00.000Z',
  sending_started_at: status === 'draft' ? null : '2026-12-01T10:05:00.000Z',
  sent_at: null,
});

/** A list shown on a page, whose every fetch answers what the index still holds: `older`. */
const shownList = async (older: AdminNewsletterIssue[]) => {
  const client = new QueryClient();
  const fetchList = vi.fn(async () => older);
  const observer = new QueryObserver(client, {
    queryKey: newsletterIssueKeys.all,
    queryFn: fetchList,
  });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return { client, fetchList, observer, unsubscribe };
};

describe('the newsletter issue list after a save or a send', () => {
  it('shows the draft just saved first, without asking an index that may not have it yet', async () => {
    const { client, fetchList, observer, unsubscribe } = await shownList([issue('a', 'sent')]);
    await showIssue(client, issue('b', 'draft'));
    expect(observer.getCurrentResult().data?.map((item) => item.id)).toEqual(['b', 'a']);
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(newsletterIssueKeys.all)?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('shows the issue just sent as sending, in its place', async () => {
    const { client, fetchList, observer, unsubscribe } = await shownList([
      issue('b', 'draft'),
      issue('a', 'sent'),
    ]);
    await showIssue(client, issue('b', 'sending'));
    expect(observer.getCurrentResult().data?.map((item) => [item.id, item.status])).toEqual([
      ['b', 'sending'],
      ['a', 'sent'],
    ]);
    expect(fetchList).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('leaves a list never loaded to its first fetch', async () => {
    const client = new QueryClient();
    await showIssue(client, issue('b', 'draft'));
    expect(client.getQueryData(newsletterIssueKeys.all)).toBeUndefined();
  });
});

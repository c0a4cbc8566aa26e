/**
 * Success Stories through the account Lambda against DynamoDB Local: a buyer shows their own
 * launched site (only a finished one, only their own), the public list carries only shown sites
 * with their templates and no e-mail or account id, and hiding takes the site off the list.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  STORY_MESSAGES,
  type LaunchStoryList,
  type StoryChange,
} from '../../../../contract/stories';
import type { ApiErrorBody } from '../../../../contract/errors';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { handler } from '../../../../lambdas/account/index';
import type { HttpMethod } from '../../../../contract/routes';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const call = async (method: HttpMethod, path: string, sub?: string, body?: unknown) =>
  handler(
    apiEvent({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      ...(sub ? { claims: idTokenClaims({ sub, email: `${sub}@example.com` }) } : {}),
    }),
    lambdaContext('account'),
  );

const buyerWithDeployment = async (status = 'completed') => {
  const sub = `story-${randomUUID()}`;
  await putProfile({ id: sub, email: `${sub}@example.com`, display_name: 'Ada Maker' });
  const id = ulid();
  const now = new Date().toISOString();
  await DeploymentEntity.create({
    id,
    user_id: sub,
    mvp_id: 'mvp-story',
    repo_name: `shop-${id.toLowerCase()}`,
    status,
    netlify_site_name: `shop-${id.toLowerCase()}`,
    netlify_site_url: `https://shop-${id.toLowerCase()}.netlify.app`,
    mvp_title: 'Shop Starter',
    mvp_slug: 'shop-starter',
    mvp_preview_image_key: 'previews/shop/1.png',
    created_at: now,
    updated_at: now,
  }).go();
  return { sub, id };
};

const stories = async () => {
  const result = await call('GET', '/api/stories');
  expect(result.statusCode).toBe(200);
  return jsonBody<LaunchStoryList>(result).items;
};

describe('Success Stories', () => {
  it('lists a launched site only once its owner shows it, and not after they hide it', async () => {
    const shown = await buyerWithDeployment();
    const hiddenOne = await buyerWithDeployment();
    expect((await stories()).map((story) => story.id)).not.toContain(shown.id);

    const result = await call('PUT', `/api/deployments/${shown.id}/story`, shown.sub, {
      show: true,
      title: 'Acme Shop',
      description: 'Hand-made mugs, shipped weekly.',
    });
    expect(result.statusCode, result.body).toBe(200);
    const answer = jsonBody<StoryChange>(result);
    expect(answer.message).toBe(STORY_MESSAGES.shown);
    expect(answer.story).toMatchObject({
      title: 'Acme Shop',
      description: 'Hand-made mugs, shipped weekly.',
    });

    const listed = await stories();
    const story = listed.find((item) => item.id === shown.id);
    expect(story).toMatchObject({
      title: 'Acme Shop',
      maker: 'Ada Maker',
      site_url: expect.stringContaining('.netlify.app'),
      template: { id: 'mvp-story', title: 'Shop Starter', slug: 'shop-starter' },
    });
    expect(story!.template.preview_image).toContain('previews/shop/1.png');
    expect(listed.map((item) => item.id)).not.toContain(hiddenOne.id);
    // No e-mail and no account id of the buyer in the public answer.
    const raw = (await call('GET', '/api/stories')).body ?? '';
    expect(raw).not.toContain(shown.sub);
    expect(raw).not.toContain('@example.com');

    const hide = await call('PUT', `/api/deployments/${shown.id}/story`, shown.sub, {
      show: false,
    });
    expect(jsonBody<{ message: string }>(hide).message).toBe(STORY_MESSAGES.hidden);
    expect((await stories()).map((item) => item.id)).not.toContain(shown.id);
    const item = (await DeploymentEntity.get({ id: shown.id }).go()).data!;
    expect(item.story_shown_at).toBeUndefined();
  });

  it('keeps the name and pitch when the story is switched off and on, and saves edits while hidden', async () => {
    const { sub, id } = await buyerWithDeployment();
    const put = async (body: Record<string, unknown>) => {
      const result = await call('PUT', `/api/deployments/${id}/story`, sub, body);
      expect(result.statusCode, result.body).toBe(200);
      return jsonBody<StoryChange>(result);
    };
    await put({ show: true, title: 'Acme Shop', description: 'Hand-made mugs.' });
    const off = await put({ show: false });
    expect(off.story).toBeNull();
    expect(off.story_text).toEqual({ title: 'Acme Shop', description: 'Hand-made mugs.' });
    // Off and on again: the same words, on the public list too.
    const on = await put({ show: true });
    expect(on.story).toMatchObject({ title: 'Acme Shop', description: 'Hand-made mugs.' });
    expect((await stories()).find((story) => story.id === id)).toMatchObject({
      title: 'Acme Shop',
      description: 'Hand-made mugs.',
    });

    // Edited while hidden: saved, said so, and shown with the next switch on.
    await put({ show: false });
    const saved = await put({ show: false, title: 'Acme Mugs', description: '' });
    expect(saved.message).toBe(STORY_MESSAGES.saved);
    expect(saved.story_text).toEqual({ title: 'Acme Mugs', description: null });
    expect((await stories()).map((story) => story.id)).not.toContain(id);
    expect((await put({ show: true })).story).toMatchObject({
      title: 'Acme Mugs',
      description: null,
    });
  });

  it('refuses an unfinished deployment and someone else’s', async () => {
    const building = await buyerWithDeployment('processing');
    const refused = await call('PUT', `/api/deployments/${building.id}/story`, building.sub, {
      show: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(STORY_MESSAGES.notLaunched);

    const owner = await buyerWithDeployment();
    const stranger = await buyerWithDeployment();
    const foreign = await call('PUT', `/api/deployments/${owner.id}/story`, stranger.sub, {
      show: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await stories()).map((item) => item.id)).not.toContain(owner.id);
  });

  it('explains a malformed request', async () => {
    const { sub, id } = await buyerWithDeployment();
    const result = await call('PUT', `/api/deployments/${id}/story`, sub, {
      show: 'yes',
      title: 'x'.repeat(81),
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('at most 80 characters');
  });
});

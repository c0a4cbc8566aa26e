import { describe, expect, it } from 'vitest';
import {
  INVALID_URL_MESSAGE,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_REQUIRED_MESSAGE,
  USERNAME_SPACES_MESSAGE,
  profileUpdateSchema,
} from '../../../contract/profile-update';
import {
  LEAD_CONSENT_REQUIRED_MESSAGE,
  LEAD_EMAIL_REQUIRED_MESSAGE,
  leadCaptureSchema,
} from '../../../contract/newsletter';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('profile update schema', () => {
  it('requires a username without spaces, in the allowed characters', () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ username: ' ' }))).toBe(
      USERNAME_REQUIRED_MESSAGE,
    );
    expect(firstMessage(profileUpdateSchema.safeParse({}))).toBe(USERNAME_REQUIRED_MESSAGE);
    expect(firstMessage(profileUpdateSchema.safeParse({ username: 'a b' }))).toBe(
      USERNAME_SPACES_MESSAGE,
    );
    expect(firstMessage(profileUpdateSchema.safeParse({ username: 'a/b' }))).toBe(
      USERNAME_CHARACTERS_MESSAGE,
    );
    expect(profileUpdateSchema.safeParse({ username: 'Ann_1.dev-x' }).success).toBe(true);
  });

  it('drops empty social links, trims, and turns cleared fields into null', () => {
    const parsed = profileUpdateSchema.parse({
      username: '  ann ',
      bio: '',
      display_name: ' Ann ',
      social_links: { twitter: '', github: 'https://github.com/ann', linkedin: '   ' },
    });
    expect(parsed).toEqual({
      username: 'ann',
      display_name: 'Ann',
      bio: null,
      profile_picture_url: null,
      website_url: null,
      social_links: { github: 'https://github.com/ann' },
    });
  });

  it('accepts only http(s) web addresses', () => {
    const result = profileUpdateSchema.safeParse({
      username: 'ann',
      website_url: 'javascript:alert(1)',
    });
    expect(firstMessage(result)).toBe(INVALID_URL_MESSAGE);
  });
});

describe('lead capture schema', () => {
  it('needs an e-mail and consent, with the product’s texts', () => {
    expect(firstMessage(leadCaptureSchema.safeParse({ email: '', agreed_to_terms: true }))).toBe(
      LEAD_EMAIL_REQUIRED_MESSAGE,
    );
    expect(
      firstMessage(leadCaptureSchema.safeParse({ email: 'a@b.co', agreed_to_terms: false })),
    ).toBe(LEAD_CONSENT_REQUIRED_MESSAGE);
    expect(
      leadCaptureSchema.parse({ email: ' Ann@Example.COM ', agreed_to_terms: true }),
    ).toMatchObject({
      email: 'ann@example.com',
      source: 'launch_page',
    });
  });
});

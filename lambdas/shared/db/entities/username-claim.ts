/**
 * UsernameClaim: one item per taken username (docs/data-model.md §3.2). Usernames are unique
 * because a claim is written in the same transaction as the profile (§4.3); the profile's `gsi1`
 * cannot guarantee it (GSIs are eventually consistent and not unique).
 *
 * - byUsername (table): pk `$marketplace#username_{username}` (lower-cased by ElectroDB, so names
 *   are unique case-insensitively)
 *
 * A released claim stays for 30 days (`expires_at`, TTL) so an abandoned name cannot be grabbed
 * to impersonate its former owner; the former owner may take it back at any time.
 */
import { Entity } from 'electrodb';
import { SERVICE, entityConfig } from '../entity-config';

export const UsernameClaimEntity = new Entity(
  {
    model: { entity: 'usernameClaim', version: '1', service: SERVICE },
    attributes: {
      /** As typed; the key is lower-cased. */
      username: { type: 'string', required: true },
      user_id: { type: 'string', required: true },
      created_at: { type: 'string', required: true },
      released_at: { type: 'string' },
      /** Epoch seconds (TTL); set only on release. */
      expires_at: { type: 'number' },
    },
    indexes: {
      byUsername: {
        pk: { field: 'pk', composite: ['username'] },
        sk: { field: 'sk', composite: [] },
      },
    },
  },
  entityConfig(),
);

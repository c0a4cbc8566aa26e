/** `@netlify/api` as the buyer for a step, from their sealed token (tokens.ts). */
import { netlifyAsUser } from '../../shared/adapters/netlify';
import { openToken } from '../tokens';

/** `@netlify/api` as the buyer, or null when Netlify is not connected. */
export const netlifyOfBuyer = async (userId: string) => {
  const token = await openToken(userId, 'netlify');
  return token ? netlifyAsUser(token) : null;
};

/**
 * Pagination cursors that the caller can hand back but not forge or reuse elsewhere.
 *
 * A cursor is the data layer's position (opaque to the API) plus an HMAC-SHA256 over that position
 * and a binding: the route, the caller and the query it belongs to. A cursor of another user, of
 * another list (e.g. unread vs all notifications), altered or made up is refused with a 400, so a
 * bad cursor can never reach DynamoDB (where it answered 500) or another user's partition.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';
import { readSecret } from '../secrets';

export const INVALID_CURSOR_MESSAGE =
  'The cursor is not valid for this list. Start again from the first page.';

/** 128 bits of the MAC are plenty against forgery and keep cursors short. */
const MAC_BYTES = 16;

const macOf = async (binding: string, position: string): Promise<Buffer> =>
  createHmac('sha256', await readSecret('cursorSigningKey'))
    .update(`${binding}\n${position}`)
    .digest()
    .subarray(0, MAC_BYTES);

/** The cursor to give the caller for `position` (the data layer's cursor), or null at the end. */
export const sealCursor = async (
  position: string | null,
  binding: string,
): Promise<string | null> => {
  if (position === null) return null;
  return `${position}.${(await macOf(binding, position)).toString('base64url')}`;
};

/**
 * The data layer's position of a cursor the caller sent back, checked against the binding;
 * `undefined` when there is none. Throws a 400 ValidationError for anything else.
 */
export const openCursor = async (
  cursor: string | undefined,
  binding: string,
): Promise<string | undefined> => {
  if (cursor === undefined) return undefined;
  const refuse = () =>
    new ValidationError(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0) throw refuse();
  const position = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
  const expected = await macOf(binding, position);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  return position;
};

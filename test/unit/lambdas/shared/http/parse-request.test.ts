import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ValidationError } from '../../../../../lambdas/shared/errors';
import {
  INVALID_JSON_MESSAGE,
  parseRequest,
  validationErrorFromZod,
} from '../../../../../lambdas/shared/http/parse-request';
import { apiEvent } from '../../../../fixtures/api-event';

const bodySchema = z.object({ title: z.string().min(1, 'Title is required') });

describe('parseRequest', () => {
  it('parses a JSON body with its schema', () => {
    const event = apiEvent({ method: 'POST', path: '/api/x', body: { title: 'Hello' } });
    expect(parseRequest(event, { body: bodySchema }).body).toEqual({ title: 'Hello' });
  });

  it('decodes a base64 body', () => {
    const event = {
      ...apiEvent({ method: 'POST', path: '/api/x' }),
      body: Buffer.from('{"title":"Encoded"}').toString('base64'),
      isBase64Encoded: true,
    };
    expect(parseRequest(event, { body: bodySchema }).body.title).toBe('Encoded');
  });

  it('answers malformed JSON with a validation error, not a crash', () => {
    const event = apiEvent({ method: 'POST', path: '/api/x', body: '{"title":' });
    expect(() => parseRequest(event, { body: bodySchema })).toThrow(
      new ValidationError(INVALID_JSON_MESSAGE),
    );
  });

  it('treats a missing body as undefined, so the schema decides', () => {
    const event = apiEvent({ method: 'POST', path: '/api/x' });
    expect(() => parseRequest(event, { body: bodySchema })).toThrow(ValidationError);
    expect(parseRequest(event, { body: bodySchema.optional() }).body).toBeUndefined();
  });

  it('only returns the parts it was asked for', () => {
    const parsed = parseRequest(apiEvent({ path: '/api/x', query: { a: '1' } }), {
      query: z.object({ a: z.string() }),
    });
    expect(parsed).toEqual({ query: { a: '1' } });
  });
});

describe('validationErrorFromZod', () => {
  it('keeps the first message overall and the first message per field', () => {
    const schema = z.object({
      name: z
        .string()
        .min(3, 'Name is too short')
        .regex(/^[a-z]+$/, 'Lowercase only'),
      nested: z.object({ age: z.number({ message: 'Age must be a number' }) }),
    });
    const result = schema.safeParse({ name: 'A', nested: { age: 'x' } });
    expect(result.success).toBe(false);
    const error = validationErrorFromZod(result.error!);
    expect(error.message).toBe('Name is too short');
    expect(error.fields).toEqual({
      name: 'Name is too short',
      'nested.age': 'Age must be a number',
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../../contract/design/site-config';
import {
  describeMode,
  loadRuntimeConfig,
  parseRuntimeConfig,
} from '../../../../frontend/src/lib/runtime-config';
import {
  passwordField,
  passwordHint,
  passwordMinLength,
} from '../../../../frontend/src/lib/credential-fields';

const localConfig = {
  mode: 'local',
  region: 'eu-west-2',
  userPoolId: 'local_abc123',
  userPoolClientId: 'client123',
  userPoolEndpoint: 'http://localhost:9229',
  apiBaseUrl: '/api',
  betaAccess: false,
  launchAt: '2025-08-01T00:00:00Z',
  paymentsMode: 'local',
};

describe('parseRuntimeConfig', () => {
  it('accepts the contract-5 shape', () => {
    expect(parseRuntimeConfig(localConfig)).toEqual(localConfig);
  });

  it('accepts a cloud config without an endpoint', () => {
    const { userPoolEndpoint: _endpoint, ...cloud } = { ...localConfig, mode: 'cloud' };
    expect(parseRuntimeConfig(cloud).userPoolEndpoint).toBeUndefined();
  });

  it('names every bad field at once', () => {
    expect(() =>
      parseRuntimeConfig({ ...localConfig, mode: 'prod', userPoolId: '', betaAccess: 'no' }),
    ).toThrow(/mode must be one of local, cloud; userPoolId .*; betaAccess must be a boolean/);
    expect(() => parseRuntimeConfig({ ...localConfig, userPoolEndpoint: 'localhost' })).toThrow(
      /userPoolEndpoint/,
    );
    expect(() => parseRuntimeConfig('nope')).toThrow(/not an object/);
  });
});

describe('parseRuntimeConfig and the contract schema', () => {
  // Each field: a valid value or one of the ways a deploy gets it wrong.
  const field = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { weight: 4, arbitrary: valid },
      { weight: 1, arbitrary: fc.constantFrom<unknown>('', 0, true, null, 'nonsense', ['x']) },
    );
  const candidate = fc.record(
    {
      mode: field(fc.constantFrom('local', 'cloud')),
      region: field(fc.constantFrom('eu-west-2', 'us-east-1')),
      userPoolId: field(fc.string({ minLength: 1 })),
      userPoolClientId: field(fc.string({ minLength: 1 })),
      userPoolEndpoint: field(fc.constantFrom('http://localhost:9229', 'https://cognito.test/x')),
      apiBaseUrl: field(fc.constant('/api')),
      betaAccess: field(fc.boolean()),
      launchAt: field(
        fc.date({ noInvalidDate: true, min: new Date(0) }).map((date) => date.toISOString()),
      ),
      paymentsMode: field(fc.constantFrom('local', 'stripe')),
      passwordMinLength: field(fc.integer({ min: 0, max: 80 })),
    },
    { requiredKeys: [] },
  );

  it('accepts exactly what the schema accepts, with the same result', () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const expected = siteConfigSchema.safeParse(value);
        if (expected.success) {
          expect(parseRuntimeConfig(value)).toEqual(expected.data);
        } else {
          expect(() => parseRuntimeConfig(value)).toThrow(/config\.json is invalid/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('the shortest password', () => {
  it("is the product's 6 unless /config.json says more, and the forms say the same length", async () => {
    const serve = (config: object) =>
      (async () => new Response(JSON.stringify(config))) as typeof fetch;
    await loadRuntimeConfig(serve(localConfig));
    expect(passwordMinLength()).toBe(6);
    expect(passwordField.safeParse('abcdef').success).toBe(true);

    // Production's pool asks for 8: the field refuses 7 in the same words, with its length.
    await loadRuntimeConfig(serve({ ...localConfig, passwordMinLength: 8 }));
    const seven = passwordField.safeParse('abcdefg');
    expect(seven.success).toBe(false);
    expect(seven.error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
    ]);
    expect(passwordField.safeParse('abcdefgh').success).toBe(true);
    expect(passwordHint()).toBe('At least 8 characters.');
    await loadRuntimeConfig(serve(localConfig));
  });
});

describe('loadRuntimeConfig', () => {
  it('fetches /config.json and fails loudly on an error status', async () => {
    const ok = (async () => new Response(JSON.stringify(localConfig))) as typeof fetch;
    await expect(loadRuntimeConfig(ok)).resolves.toEqual(localConfig);
    const missing = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(loadRuntimeConfig(missing)).rejects.toThrow('/config.json answered 404');
  });
});

describe('describeMode', () => {
  it('labels the local stack for the footer badge', () => {
    expect(describeMode({ mode: 'local', paymentsMode: 'local' })).toBe(
      'Local demo (local Stripe server, test cards)',
    );
    expect(describeMode({ mode: 'local', paymentsMode: 'stripe' })).toBe(
      'Local demo (real Stripe)',
    );
    expect(describeMode({ mode: 'cloud', paymentsMode: 'stripe' })).toBe('Live');
  });
});

/** The name a downloaded bundle is saved under. */
import '../../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import { bundleFileName } from '../../../../lambdas/downloads/spend';

describe('bundleFileName', () => {
  it('is the slugged title and version with the bundle extension', () => {
    expect(
      bundleFileName({
        title: 'SaaS Starter Kit!',
        version_number: '1.2.0',
        file_key: 'mvps/x/1.2.0/bundle.zip',
      }),
    ).toBe('saas-starter-kit-1.2.0.zip');
    expect(
      bundleFileName({ title: 'Shop', version_number: '2.0.0', original_file_name: 'shop.tar.gz' }),
    ).toBe('shop-2.0.0.tar.gz');
  });
});

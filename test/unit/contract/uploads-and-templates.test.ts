/** The seller contract's pure rules: file checks, magic bytes, version bumps, slugs, the form. */
import '../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import {
  FILE_MESSAGES,
  declaredBundleProblem,
  declaredImageProblem,
  fileNameProblem,
  imageFileProblem,
  templateFileKindFromMagic,
  templateFileKindOf,
  templateFileProblem,
} from '../../../contract/uploads';
import {
  TEMPLATE_FORM_MESSAGES,
  bumpVersion,
  templateFieldsSchema,
  VERSION_MESSAGES,
  compareVersions,
  versionNumberProblem,
} from '../../../contract/templates';
import { toPence } from '../../../contract/money';
import { slugFor } from '../../../lambdas/templates/service';
import { templateFormFields } from '../../fixtures/template-fixtures';

describe('bundle files', () => {
  it('knows the kinds by extension, .tgz included', () => {
    expect(templateFileKindOf('a.ZIP')).toBe('zip');
    expect(templateFileKindOf('a.tar.gz')).toBe('tar.gz');
    expect(templateFileKindOf('a.tgz')).toBe('tar.gz');
    expect(templateFileKindOf('a.rar')).toBe('rar');
    expect(templateFileKindOf('a.gz')).toBeNull();
    expect(templateFileKindOf('a.zip.exe')).toBeNull();
  });

  it('reads zip, gzip and rar magic bytes and nothing else', () => {
    expect(templateFileKindFromMagic(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe('zip');
    expect(templateFileKindFromMagic(new Uint8Array([0x1f, 0x8b, 8]))).toBe('tar.gz');
    expect(templateFileKindFromMagic(new TextEncoder().encode('Rar!\x1a\x07'))).toBe('rar');
    expect(templateFileKindFromMagic(new TextEncoder().encode('MZ\x90\x00'))).toBeNull();
    expect(templateFileKindFromMagic(new Uint8Array([0x50, 0x4b, 0x05, 0x06]))).toBeNull();
  });

  it("applies the product's size and name rules with its messages", () => {
    expect(templateFileProblem({ name: 'a.zip', size: 1024 })).toBeNull();
    expect(templateFileProblem({ name: 'a.zip', size: 1023 })).toBe(FILE_MESSAGES.fileTooSmall);
    expect(templateFileProblem({ name: 'a.zip', size: 100 * 1024 * 1024 + 1 })).toBe(
      FILE_MESSAGES.fileTooLarge,
    );
    expect(templateFileProblem({ name: 'a.pdf', size: 2048 })).toBe(FILE_MESSAGES.invalidFileType);
    for (const bad of ['a<b.zip', 'a>b.zip', 'a:b.zip', 'a"b.zip', 'a|b.zip', 'a?.zip', 'a*.zip']) {
      expect(fileNameProblem(bad), bad).toBe(FILE_MESSAGES.invalidName);
    }
    expect(fileNameProblem('dir/a.zip')).toBe(FILE_MESSAGES.invalidName);
    expect(fileNameProblem('dir\\a.zip')).toBe(FILE_MESSAGES.invalidName);
    expect(fileNameProblem(`${'a'.repeat(251)}.zip`)).toBeNull();
    expect(fileNameProblem(`${'a'.repeat(252)}.zip`)).toBe(FILE_MESSAGES.nameTooLong);
    // What typed text refuses: "invoice\u202Ecod.exe" shows as "invoiceexe.doc".
    for (const bad of ['invoice\u202Ecod.exe', 'a\u2066b.zip', 'a\u0000.zip', 'a\uD83D.zip']) {
      expect(fileNameProblem(bad), JSON.stringify(bad)).toBe(FILE_MESSAGES.invalidName);
    }
    expect(fileNameProblem('מסמך 🚀 启动.zip')).toBeNull();
  });

  it('accepts image types only, each under 10 MB', () => {
    expect(imageFileProblem({ name: 'a.png', size: 10, type: 'image/png' })).toBeNull();
    expect(imageFileProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(imageFileProblem({ name: 'a.svg', size: 10, type: 'image/svg+xml' })).toBe(
      FILE_MESSAGES.imageType,
    );
    expect(imageFileProblem({ name: 'a.png', size: 10 * 1024 * 1024 + 1, type: 'image/png' })).toBe(
      FILE_MESSAGES.imageTooLarge,
    );
  });
});

describe('versions and slugs', () => {
  it('bumps patch by default, and minor or major on request', () => {
    expect(bumpVersion('1.2.3')).toBe('1.2.4');
    expect(bumpVersion('1.2.3', 'minor')).toBe('1.3.0');
    expect(bumpVersion('1.2.3', 'major')).toBe('2.0.0');
    expect(bumpVersion('garbage')).toBe('1.0.0');
  });

  it('lowercases, strips special characters, hyphenates and adds a time suffix', () => {
    expect(slugFor('  My SaaS -- Starter!! ', 1_700_000_000_000)).toBe(
      `my-saas-starter-${(1_700_000_000_000).toString(36)}`,
    );
    expect(slugFor('!!!', 1)).toBe('mvp-1');
  });
});

describe('the template form', () => {
  const valid = templateFormFields({
    title: 'T',
    tagline: 'G',
    description: 'D',
    features: ['a', ' '],
    price: '12',
  });

  it('drops blank features and the price unless one_time_sale', () => {
    const parsed = templateFieldsSchema.parse(valid);
    expect(parsed.features).toEqual(['a']);
    expect(parsed.price).toBeNull();
    expect(templateFieldsSchema.parse({ ...valid, access_tier: 'one_time_sale' }).price).toBe(12);
  });

  it("answers the product's messages", () => {
    const message = (change: Record<string, unknown>) =>
      templateFieldsSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message;
    expect(message({ features: [' '] })).toBe(TEMPLATE_FORM_MESSAGES.features);
    expect(message({ access_tier: 'one_time_sale', price: '' })).toBe(
      TEMPLATE_FORM_MESSAGES.priceRequired,
    );
    expect(message({ access_tier: 'one_time_sale', price: '0' })).toBe(
      TEMPLATE_FORM_MESSAGES.pricePositive,
    );
    expect(message({ stackblitz_link: 'https://codesandbox.io/x' })).toBe(
      TEMPLATE_FORM_MESSAGES.stackblitz,
    );
    expect(message({ demo_url: 'ftp://x.example.com' })).toBe(TEMPLATE_FORM_MESSAGES.url);
    expect(message({ category: '' })).toBe(TEMPLATE_FORM_MESSAGES.category);
    expect(message({ access_tier: '' })).toBe(TEMPLATE_FORM_MESSAGES.accessTier);
  });

  it('rounds a price to whole pence before checking it, and reads plain decimals only', () => {
    const sale = (price: unknown) =>
      templateFieldsSchema.safeParse({ ...valid, access_tier: 'one_time_sale', price });
    const refused = (price: unknown) => sale(price).error?.issues[0]?.message;
    // Below a penny once rounded: refused, never stored as 0.
    for (const price of ['0.001', 0.004, 1e-9, '0.00']) {
      expect(refused(price), String(price)).toBe(TEMPLATE_FORM_MESSAGES.pricePositive);
    }
    // Not plain decimal text: hex, exponents, signs, words.
    for (const price of ['0x10', '1e3', '-5', '+5', '5,00', 'ten', 'Infinity', 'NaN']) {
      expect(refused(price), price).toBe(TEMPLATE_FORM_MESSAGES.pricePositive);
    }
    // Too large, including numbers that would overflow pence.
    for (const price of ['10000.01', 1e308, '1e308', '99999999999999999999']) {
      expect(refused(price), String(price)).toBe(
        price === '1e308'
          ? TEMPLATE_FORM_MESSAGES.pricePositive
          : TEMPLATE_FORM_MESSAGES.priceTooHigh,
      );
    }
    expect(sale('0.005').data?.price).toBe(0.01);
    expect(sale(0.285).data?.price).toBe(0.29);
    expect(sale(' 19.999 ').data?.price).toBe(20);
    expect(sale('10000').data?.price).toBe(10_000);
  });
});

describe('toPence', () => {
  it('turns pounds into whole pence exactly, or null for anything that is not a plain amount', () => {
    expect(toPence('12.34')).toBe(1234);
    expect(toPence(12.345)).toBe(1235);
    expect(toPence(1.005)).toBe(101);
    expect(toPence('007.5')).toBe(750);
    expect(toPence(-1)).toBeNull();
    expect(toPence(Number.NaN)).toBeNull();
    expect(toPence('1e2')).toBeNull();
    expect(toPence('')).toBeNull();
  });
});

describe("declared files as the API checks them, with the server's texts", () => {
  it('names the wrong extension, the wrong type, and the size limits', () => {
    const zip = { name: 'a.zip', size: 2048, contentType: 'application/zip' };
    expect(declaredBundleProblem(zip)).toBeNull();
    expect(declaredBundleProblem({ ...zip, name: 'a.pdf' })).toBe('Invalid file extension');
    expect(declaredBundleProblem({ ...zip, contentType: 'text/html' })).toBe(
      'Invalid file type (text/html). Only ZIP, TAR.GZ, and RAR files are allowed',
    );
    expect(declaredBundleProblem({ ...zip, size: 10 })).toBe(
      'File size too small. Minimum file size is 1KB',
    );
    const png = { name: 'a.png', size: 2048, contentType: 'image/png' };
    expect(declaredImageProblem(png)).toBeNull();
    expect(declaredImageProblem({ ...png, contentType: 'image/jpeg' })).toBe('Invalid image type');
    expect(declaredImageProblem({ ...png, size: 11 * 1024 * 1024 })).toBe(
      'Image size too large (10MB)',
    );
  });
});

describe('version numbers of a live template', () => {
  it('orders x.y.z numerically', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2.0', '1.2')).toBe(0);
    expect(compareVersions('0.9.0', '1.0.0')).toBe(-1);
  });

  it('wants a number above the live one, and not one already used', () => {
    expect(versionNumberProblem('1.2.0', '1.2.0')).toBe(VERSION_MESSAGES.notHigher('1.2.0'));
    expect(versionNumberProblem('1.1.9', '1.2.0')).toBe(VERSION_MESSAGES.notHigher('1.2.0'));
    expect(versionNumberProblem('1.3.0', '1.2.0', ['1.3.0'])).toBe(VERSION_MESSAGES.taken('1.3.0'));
    expect(versionNumberProblem('1.3.0', '1.2.0', ['1.2.0'])).toBeNull();
    // A template never live has nothing to be above.
    expect(versionNumberProblem('1.0.0', null)).toBeNull();
  });
});

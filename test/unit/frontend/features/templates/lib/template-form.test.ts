/**
 * The forms with more than one step to their checks: upload, new version and edit (the shared
 * template fields plus the file checks a browser can make), and the seller wizard's steps. Each
 * finds every problem in one pass, and the message at the top names the first one on screen.
 */
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { firstErrorMessage } from '../../../../../../frontend/src/components/form/use-form-submit';
import {
  FIELD_ORDER,
  INITIAL_APPLICATION,
  STEP_SCHEMAS,
} from '../../../../../../frontend/src/features/seller-application/lib/application-form';
import {
  editTemplateSchema,
  NEW_TEMPLATE,
  newTemplateSchema,
  newVersionSchema,
  newVersionSchemaFor,
  editTemplateSchemaFor,
  editedTemplate,
} from '../../../../../../frontend/src/features/templates/lib/template-form';
import type { ManagedTemplate } from '../../../../../../contract/templates';
import { textMessages } from '../../../../../../contract/text';
import { errorsOf, resolveForm, validateForm } from '../../../../../fixtures/form-validation';

/** A file whose first bytes are `magic`, `size` bytes long. */
const file = (name: string, magic: number[], size = 2048, type = 'application/zip') => {
  const bytes = new Uint8Array(size);
  bytes.set(magic);
  return new File([bytes], name, { type });
};
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PNG = file('cover.png', [0x89, 0x50], 64, 'image/png');

const filledTemplate = {
  ...NEW_TEMPLATE,
  title: 'Starter',
  tagline: 'Launch in a weekend',
  description: 'Auth, billing and a dashboard.',
  category: 'SaaS',
  features: ['Authentication', ''],
  tech_stack: ['React'],
  access_tier: 'subscription',
  bundle: [file('starter.zip', ZIP)],
  images: [PNG],
};

describe('upload, with its file rules and texts', () => {
  it('names every missing field and file in the order of the page', async () => {
    const result = await resolveForm(newTemplateSchema, NEW_TEMPLATE);
    expect(errorsOf(await validateForm(newTemplateSchema, NEW_TEMPLATE))).toEqual({
      title: 'Title is required',
      tagline: 'Tagline is required',
      description: 'Description is required',
      category: 'Category is required',
      features: 'At least one feature is required',
      tech_stack: 'At least one technology is required',
      access_tier: 'Access tier is required',
      bundle: 'MVP file is required',
      images: 'At least one preview image is required',
    });
    expect(firstErrorMessage(result.errors)).toBe('Title is required');
  });

  it('checks the files even while a field is wrong, down to the bundle bytes', async () => {
    const values = {
      ...filledTemplate,
      demo_url: 'not a url',
      bundle: [file('starter.zip', [0x52, 0x61, 0x72, 0x21])],
    };
    expect(errorsOf(await validateForm(newTemplateSchema, values))).toEqual({
      demo_url: 'Please enter a valid URL',
      bundle:
        'Please upload a valid ZIP, TAR.GZ, or RAR file. Other file types are not allowed for security reasons.',
    });
  });

  it('hands the API the parsed fields: blank feature rows dropped, no price but for a sale', async () => {
    const result = await validateForm(newTemplateSchema, { ...filledTemplate, price: '12' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.features).toEqual(['Authentication']);
    expect(result.data.price).toBeNull();
    expect(result.data.bundle[0]?.name).toBe('starter.zip');
  });

  it('takes the local demo’s links on localhost, and still no bare host name', async () => {
    const local = {
      ...filledTemplate,
      demo_url: 'http://localhost:8888/sites/demo-launchkit/',
      github_url: 'http://localhost:12113/demo-seller/launchkit',
    };
    expect(errorsOf(await validateForm(newTemplateSchema, local))).toEqual({});
    expect(
      errorsOf(await validateForm(newTemplateSchema, { ...local, demo_url: 'http://intranet/' })),
    ).toEqual({ demo_url: 'Please enter a valid URL' });
  });

  it('wants a price for a one-time sale', async () => {
    const sale = { ...filledTemplate, access_tier: 'one_time_sale' };
    expect(errorsOf(await validateForm(newTemplateSchema, sale))).toEqual({
      price: 'Price is required for one-time sale MVPs',
    });
    expect(errorsOf(await validateForm(newTemplateSchema, { ...sale, price: '0.001' }))).toEqual({
      price: 'Price must be a positive number',
    });
  });
});

describe('new version and edit', () => {
  it('wants a version number, a changelog and the bundle for a new version', async () => {
    expect(
      errorsOf(
        await validateForm(newVersionSchema, { version_number: 'v2', changelog: ' ', bundle: [] }),
      ),
    ).toEqual({
      version_number: 'Version number must look like 1.0.0',
      changelog: 'Changelog is required for new versions',
      bundle: 'MVP file is required',
    });
  });

  it('wants a new version of a live template above the live one (the API rule, before uploading)', async () => {
    const live = { status: 'approved', version_number: '1.2.0' } as ManagedTemplate;
    const next = { changelog: 'Faster', bundle: [file('next.zip', ZIP)] };
    const schema = newVersionSchemaFor(live);
    expect(errorsOf(await validateForm(schema, { ...next, version_number: '1.2.0' }))).toEqual({
      version_number: 'Version number must be greater than the live version 1.2.0.',
    });
    expect(errorsOf(await validateForm(schema, { ...next, version_number: '1.2.1' }))).toEqual({});
    // A template never live has nothing to be above.
    const draft = { status: 'scan_failed', version_number: '1.0.0' } as ManagedTemplate;
    expect(
      errorsOf(
        await validateForm(newVersionSchemaFor(draft), { ...next, version_number: '1.0.0' }),
      ),
    ).toEqual({});
    // The edit form applies it only with a replacement file.
    const edit = editTemplateSchemaFor(live);
    const edited = { ...filledTemplate, version_number: '1.2.0', changelog: '', images: [] };
    expect(errorsOf(await validateForm(edit, { ...edited, bundle: [] }))).toEqual({});
    expect(errorsOf(await validateForm(edit, edited))).toEqual({
      version_number: 'Version number must be greater than the live version 1.2.0.',
    });
  });

  it('takes an edit without new files, and says a replaced bundle is too small', async () => {
    const edited = {
      ...filledTemplate,
      version_number: '1.0.1',
      changelog: '',
      bundle: [],
      images: [],
    };
    expect((await validateForm(editTemplateSchema, edited)).ok).toBe(true);
    expect(
      errorsOf(
        await validateForm(editTemplateSchema, { ...edited, bundle: [file('a.zip', ZIP, 10)] }),
      ),
    ).toEqual({ bundle: 'File size too small. Minimum file size is 1KB' });
  });

  it('names a refused character under its field, before anything is sent', async () => {
    const edited = {
      ...filledTemplate,
      title: 'Starter \u202Eevil',
      features: ['Auth\u0000', ''],
      version_number: '1.0.1',
      changelog: 'Fixed \uD83D',
      bundle: [],
      images: [],
    };
    expect(errorsOf(await validateForm(editTemplateSchema, edited))).toEqual({
      title: textMessages('Title').bidiControl,
      'features.0': textMessages('Each feature').controlCharacter,
      changelog: textMessages('The changelog').loneSurrogate,
    });
  });
});

describe('the edit form of a live template with an edit in review', () => {
  const live = {
    status: 'approved',
    version_number: '1.2.0',
    changelog: null,
    title: 'Live title',
    tagline: 'Live tagline',
    description: 'Live description',
    category: 'SaaS',
    features: ['Auth'],
    tech_stack: ['React'],
    demo_url: 'https://demo.example',
    github_url: null,
    stackblitz_link: null,
    licensing_terms: 'standard_commercial',
    access_tier: 'subscription',
    price: null,
    preview_images: ['/previews/a.png'],
  } as unknown as ManagedTemplate;
  const values = {
    title: 'Held title',
    tagline: 'Held tagline',
    description: 'Held description',
    category: 'SaaS',
    features: ['Auth', 'Billing'],
    tech_stack: ['React'],
    demo_url: null,
    github_url: null,
    stackblitz_link: null,
    licensing_terms: 'standard_commercial',
    access_tier: 'one_time_sale',
    price: 19.5,
    preview_images: ['/previews/b.png'],
  };

  it('starts from the held values while they wait, and from the live ones otherwise', () => {
    const waiting = {
      ...live,
      pending_edit: { status: 'pending_review', changed: ['title'], values, reason: null, at: '' },
    } as unknown as ManagedTemplate;
    expect(editedTemplate(waiting)).toMatchObject({
      title: 'Held title',
      features: ['Auth', 'Billing'],
      demo_url: '',
      access_tier: 'one_time_sale',
      price: '19.5',
      version_number: '1.2.0',
    });
    const rejected = {
      ...waiting,
      pending_edit: { ...waiting.pending_edit!, status: 'rejected', reason: 'No.' },
    } as ManagedTemplate;
    expect(editedTemplate(rejected)).toMatchObject({
      title: 'Live title',
      demo_url: 'https://demo.example',
    });
    expect(editedTemplate(live).title).toBe('Live title');
  });
});

describe('the seller wizard', () => {
  const firstProblem = async (step: number, values = INITIAL_APPLICATION) => {
    const schema: z.ZodType<unknown, FieldValues> = STEP_SCHEMAS[step]!;
    return firstErrorMessage((await resolveForm(schema, values)).errors, FIELD_ORDER);
  };

  it("names each step's first problem with the product's message", async () => {
    expect(await firstProblem(0)).toBe('Email is required');
    expect(await firstProblem(1)).toBe('Experience level is required');
    expect(await firstProblem(1, { ...INITIAL_APPLICATION, yearsExperience: '3-5' })).toBe(
      'Select at least one specialization',
    );
    expect(await firstProblem(2)).toBe('Portfolio description is required');
    expect(await firstProblem(3)).toBe('You must agree to the terms');
    expect(await firstProblem(3, { ...INITIAL_APPLICATION, agreeToTerms: true })).toBe(
      'You must agree to the commission structure',
    );
  });

  it('checks the account fields beside the credentials on the first step', async () => {
    const account = {
      ...INITIAL_APPLICATION,
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret2',
    };
    expect(errorsOf(await validateForm(STEP_SCHEMAS[0], account))).toEqual({
      fullName: 'Full name is required',
      confirmPassword: 'Passwords do not match',
    });
    expect(await firstProblem(0, account)).toBe('Passwords do not match');
  });
});

/**
 * The template form of upload, new version and edit: its values as typed (text for inputs, '' for
 * nothing chosen), and the schema each page checks them with. The template's own fields are the
 * shared `mvpFieldsSchema` (the API runs the same one); the files get the checks a browser can
 * make before uploading: extension, size, name rules and the content's first bytes. Every problem
 * is found in one pass, in the order the page shows the fields.
 */
import * as z from 'zod';
import {
  FILE_MESSAGES,
  imageFileProblem,
  MAX_PREVIEW_IMAGES,
  templateFileKindFromMagic,
  templateFileKindOf,
  templateFileProblem,
} from '@contract/uploads';
import {
  changelogSchema,
  templateFieldsSchema,
  versionNumberProblem,
  versionNumberSchema,
  type ManagedTemplate,
} from '@contract/templates';
import { text } from '@contract/text';

/** The template's descriptive fields, as the form holds them. */
export const EMPTY_TEMPLATE_FIELDS = {
  title: '',
  tagline: '',
  description: '',
  category: '',
  /** One empty row to type into; blank rows are dropped by the schema. */
  features: [''],
  tech_stack: [] as string[],
  demo_url: '',
  github_url: '',
  stackblitz_link: '',
  licensing_terms: 'standard_commercial',
  access_tier: '',
  price: '',
};
export type TemplateFields = typeof EMPTY_TEMPLATE_FIELDS;

/** The edit form starts from the stored template. */
export function fieldsOf(template: ManagedTemplate): TemplateFields {
  return {
    title: template.title,
    tagline: template.tagline,
    description: template.description,
    category: template.category,
    features: template.features.length > 0 ? [...template.features] : [''],
    tech_stack: [...template.tech_stack],
    demo_url: template.demo_url ?? '',
    github_url: template.github_url ?? '',
    stackblitz_link: template.stackblitz_link ?? '',
    licensing_terms: template.licensing_terms,
    access_tier: template.access_tier,
    price: template.price === null ? '' : String(template.price),
  };
}

/** Whether the first bytes of the bundle match its extension (zip, gzip, rar magic). */
export async function bundleContentMatches(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const claimed = templateFileKindOf(file.name);
  return claimed !== null && templateFileKindFromMagic(head) === claimed;
}

/** The bundle's problem, if any: name, extension, size, then its content's magic bytes. */
export async function bundleProblem(
  file: File,
  tooLargeMessage: string = FILE_MESSAGES.fileTooLarge,
): Promise<string | null> {
  const problem = templateFileProblem(file, tooLargeMessage);
  if (problem) return problem;
  return (await bundleContentMatches(file)) ? null : FILE_MESSAGES.invalidFileType;
}

/** The first problem among preview images, if any. */
export function imagesProblem(files: readonly File[]): string | null {
  if (files.length > MAX_PREVIEW_IMAGES) return FILE_MESSAGES.tooManyImages;
  for (const file of files) {
    const problem = imageFileProblem(file);
    if (problem) return problem;
  }
  return null;
}

/** What a file picker holds: the files chosen, none yet at first. */
const chosenFiles = z.array(z.custom<File>());

/** The bundle picker: one file (required on upload and new version), checked to its bytes. */
const bundleField = (required: boolean, tooLargeMessage?: string) =>
  chosenFiles.superRefine(async (files, ctx) => {
    const file = files[0];
    const problem = file
      ? await bundleProblem(file, tooLargeMessage)
      : required
        ? FILE_MESSAGES.fileRequired
        : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The preview images picker (at least one on upload). */
const imagesField = (required: boolean) =>
  chosenFiles.superRefine((files, ctx) => {
    const problem =
      files.length === 0 ? (required ? FILE_MESSAGES.imagesRequired : null) : imagesProblem(files);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `/upload`: a new template, its bundle and at least one image. */
export const newTemplateSchema = templateFieldsSchema.and(
  z.object({ bundle: bundleField(true), images: imagesField(true) }),
);
export const NEW_TEMPLATE = {
  ...EMPTY_TEMPLATE_FIELDS,
  bundle: [] as File[],
  images: [] as File[],
};

/** `/upload?mvpId=`: a new version, its number, changelog and bundle. */
export const newVersionSchema = z.object({
  version_number: versionNumberSchema,
  changelog: changelogSchema,
  bundle: bundleField(true),
});

/** The live version a new one must be above (the API's rule), or null for a template never live. */
export const liveVersionOf = (template: ManagedTemplate): string | null =>
  template.status === 'approved' ? template.version_number : null;

/**
 * `/upload?mvpId=` for this template: the new version's number must be above the live one (the
 * shared rule the API applies too, so the seller hears it before uploading anything).
 */
export const newVersionSchemaFor = (template: ManagedTemplate) =>
  newVersionSchema.superRefine((values, ctx) => {
    const problem = versionNumberProblem(values.version_number, liveVersionOf(template));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['version_number'] });
  });

/** `/mvp/{id}/edit`: the fields, the version, and optionally a new bundle and images. */
export const editTemplateSchema = templateFieldsSchema.and(
  z.object({
    version_number: versionNumberSchema,
    // Optional here; when given, it follows the text rules of the API's.
    changelog: text({ label: 'The changelog', multiline: true }),
    bundle: bundleField(false, FILE_MESSAGES.fileTooLargeEdit),
    images: imagesField(false),
  }),
);
/** The edit form of this template: a replacement file of a live template is a new version. */
export const editTemplateSchemaFor = (template: ManagedTemplate) =>
  editTemplateSchema.superRefine((values, ctx) => {
    if (values.bundle.length === 0) return;
    const problem = versionNumberProblem(values.version_number, liveVersionOf(template));
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['version_number'] });
  });

/**
 * The template as the seller last saved it: with an edit waiting for review, its held values (not
 * the live ones buyers see), so saving again keeps what is already waiting.
 */
export const heldOrLive = (template: ManagedTemplate): ManagedTemplate =>
  template.pending_edit?.status === 'pending_review'
    ? { ...template, ...template.pending_edit.values }
    : template;

export const editedTemplate = (template: ManagedTemplate) => ({
  ...fieldsOf(heldOrLive(template)),
  version_number: template.version_number,
  changelog: template.changelog ?? '',
  bundle: [] as File[],
  images: [] as File[],
});

/**
 * The template form's values as typed (strings for inputs), their validation with the shared
 * schema (the API runs the same one), and the file checks the browser can make before uploading:
 * extension, size, name rules and the content's first bytes.
 */
import {
  FILE_MESSAGES,
  imageFileProblem,
  MAX_PREVIEW_IMAGES,
  mvpFileProblem,
} from '@contracts/uploads';
import { mvpFieldsSchema, type ManagedMvp, type MvpFields } from '@contracts/templates';
import { validateFields, type FieldErrors } from '../../lib/form-errors';
import { bundleContentMatches } from '../../lib/presigned-upload';

export interface MvpFormValues {
  title: string;
  tagline: string;
  description: string;
  category: string;
  features: string[];
  tech_stack: string[];
  demo_url: string;
  github_url: string;
  stackblitz_link: string;
  licensing_terms: string;
  access_tier: string;
  price: string;
}

export const emptyMvpForm: MvpFormValues = {
  title: '',
  tagline: '',
  description: '',
  category: '',
  features: [''],
  tech_stack: [],
  demo_url: '',
  github_url: '',
  stackblitz_link: '',
  licensing_terms: 'standard_commercial',
  access_tier: '',
  price: '',
};

/** The edit form starts from the stored template. */
export function formValuesOf(mvp: ManagedMvp): MvpFormValues {
  return {
    title: mvp.title,
    tagline: mvp.tagline,
    description: mvp.description,
    category: mvp.category,
    features: mvp.features.length > 0 ? [...mvp.features] : [''],
    tech_stack: [...mvp.tech_stack],
    demo_url: mvp.demo_url ?? '',
    github_url: mvp.github_url ?? '',
    stackblitz_link: mvp.stackblitz_link ?? '',
    licensing_terms: mvp.licensing_terms,
    access_tier: mvp.access_tier,
    price: mvp.price === null ? '' : String(mvp.price),
  };
}

export function validateMvpFields(
  values: MvpFormValues,
): { ok: true; data: MvpFields } | { ok: false; errors: FieldErrors } {
  return validateFields(mvpFieldsSchema, values);
}

/** The bundle's problem, if any: name, extension, size, then its content's magic bytes. */
export async function bundleProblem(
  file: File,
  tooLargeMessage: string = FILE_MESSAGES.fileTooLarge,
): Promise<string | null> {
  const problem = mvpFileProblem(file, tooLargeMessage);
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

/**
 * The profile texts the profiles service answers with, apart from profile-update.ts: a module
 * without schemas, so that the functions importing the service for a seller's public name do not
 * build the profile form's and the uploads' schemas at cold start (docs/architecture.md, Cold
 * starts).
 */
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken.';

/** Query keys of the licences domain: the caller's certificates and any one certificate. */
export const licenseKeys = {
  all: ['licenses'] as const,
  mine: ['licenses', 'mine'] as const,
  detail: (licenseId: string) => ['licenses', 'detail', licenseId] as const,
};

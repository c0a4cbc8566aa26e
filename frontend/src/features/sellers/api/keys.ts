/** Query keys of the public seller pages. */
export const sellerKeys = {
  all: ['sellers'] as const,
  /** Usernames are case-insensitive: one entry per seller whatever the URL's case. */
  profile: (username: string) => ['sellers', username.toLowerCase()] as const,
};

/**
 * What the seller reads about an outcome: the notification texts name the template and version
 * (an earlier notification path referenced an undefined value; these are built from the item).
 */
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

export const approvedMessage = (title: string, version: string) =>
  `Your MVP "${title}" (version ${version}) passed the security scan and is now published.`;

/** A refusal for the bundle's contents: a retry scans the same file, so the seller is told to fix it. */
export const scanFailedMessage = (title: string, version: string, reason: string) => {
  const next = ' Fix what the scan names and upload a corrected version from My MVPs.';
  return `${clip(`Your MVP "${title}" (version ${version}) was rejected. ${reason}`, 1_000 - next.length)}${next}`;
};

export const processingFailedMessage = (title: string, version: string, reason: string) =>
  clip(
    `Your MVP "${title}" (version ${version}) could not be processed. ${reason} You can retry it from My MVPs.`,
    1_000,
  );

export const MY_TEMPLATES_LINK = '/my-mvps';
export const templateLink = (id: string) => `/mvp/${id}`;

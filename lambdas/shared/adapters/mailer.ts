/**
 * Sending one e-mail through Amazon SES (API v2, `SendEmail` with Simple content).
 *
 * Simple content carries a text and an HTML part and, since SES added `Simple.Headers`, custom
 * headers too: `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058 one-click) go there, so SES
 * builds the MIME message and no MIME library is needed. aws-ses-v2-local accepts the same request
 * (and stores the headers), so the code path is the one real SES runs; only the endpoint differs,
 * and the AWS SDK reads that from `AWS_ENDPOINT_URL_SESV2` by itself (lib/local/cloud/lambda-env.ts).
 *
 * The SDK is imported on first use: only the functions that send mail pay for loading it.
 *
 * One send has SES's budget of contract/third-parties.ts (one try; the connection, the answer and
 * the whole call each bounded by it). An SES that does not answer in it, refuses the connection or
 * fails on its side is ThirdPartyUnavailableError: a 503 that names it to a visitor, and a batch
 * the newsletter's state machine retries, its address given back.
 */
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { callBudgets } from '../../../contract/third-parties';
import { config } from '../config';
import { ThirdPartyUnavailableError, isDependencyUnavailable } from '../errors';

export interface MailHeader {
  name: string;
  value: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: readonly MailHeader[];
}

/**
 * SES refused for the send rate or a quota: the caller waits and tries again (the newsletter state
 * machine retries on this error's name).
 */
export class MailThrottledError extends Error {
  override readonly name = 'MailThrottled';
}

/** The names SES v2 answers a rate or quota refusal with. */
const THROTTLING = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'ThrottlingException',
  'Throttling',
  'SendingPausedException',
]);

export const isThrottling = (error: unknown): boolean =>
  THROTTLING.has((error as { name?: string } | null)?.name ?? '');

/** SES did not answer: refused, timed out, aborted at the budget, or its own 5xx. */
const isSesUnavailable = (error: unknown): boolean => {
  if (isDependencyUnavailable(error)) return true;
  const { name, $metadata } = (error ?? {}) as {
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return name === 'AbortError' || ($metadata?.httpStatusCode ?? 0) >= 500;
};

let loading:
  Promise<{ client: SESv2Client; sdk: typeof import('@aws-sdk/client-sesv2') }> | undefined;

/**
 * The headers SES v2 Simple content takes. Header values must be a single line: any line break is
 * dropped here, so nothing built from data can add a header of its own.
 */
const headersOf = (headers: readonly MailHeader[] = []) =>
  headers.map((header) => ({
    Name: header.name.replace(/[^\x21-\x39\x3b-\x7e]/g, ''),
    Value: header.value.replace(/[\r\n]+/g, ' '),
  }));

/** Sends one message to one address; resolves with SES's message id. */
export const sendMail = async (mail: OutgoingMail): Promise<string> => {
  const settings = config();
  loading ??= import('@aws-sdk/client-sesv2').then((sdk) => ({
    sdk,
    // No SDK retries: the caller decides (the state machine retries a throttled batch as a whole).
    client: new sdk.SESv2Client({
      maxAttempts: callBudgets.ses.tries,
      requestHandler: {
        connectionTimeout: callBudgets.ses.timeoutMs,
        requestTimeout: callBudgets.ses.timeoutMs,
      },
    }),
  }));
  const { sdk, client } = await loading;
  const headers = headersOf(mail.headers);
  try {
    const result = await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: settings.MAIL_FROM,
        Destination: { ToAddresses: [mail.to] },
        ...(settings.MAIL_CONFIGURATION_SET
          ? { ConfigurationSetName: settings.MAIL_CONFIGURATION_SET }
          : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              Html: { Data: mail.html, Charset: 'UTF-8' },
            },
            ...(headers.length > 0 ? { Headers: headers } : {}),
          },
        },
      }),
      { abortSignal: AbortSignal.timeout(callBudgets.ses.timeoutMs) },
    );
    return result.MessageId ?? '';
  } catch (error) {
    if (isThrottling(error)) throw new MailThrottledError((error as Error).message);
    if (isSesUnavailable(error)) throw new ThirdPartyUnavailableError('ses', { cause: error });
    throw error;
  }
};

/**
 * The marketplace's live health for `/status`: the API (it answers), each service it depends on
 * (the database, file storage, the sign-in service, Stripe, GitHub, Netlify, Amazon SES) and the
 * processing pipeline (templates waiting for their scan).
 *
 * Every check runs at once and gets {@link HEALTH_CHECK_TIMEOUT_MS}: the report answers within
 * about that whatever is down, and a check that fails says `down` for its own component only.
 * - The database: one small read of the table, timed.
 * - The others: one unauthenticated HTTP request to the endpoint our clients use. Any answer
 *   below 500 (a 401 or 403 included: we sent no credentials) means the service is there and
 *   answering; a refused connection, no answer in time or a 5xx means it is not. It says whether
 *   the service answers, not whether our account at it is in order (that shows in the routes' own
 *   503s, docs/operations.md).
 * A component answering slower than {@link HEALTH_SLOW_MS} is `degraded` ("slow").
 */
import {
  HEALTH_CHECK_TIMEOUT_MS,
  HEALTH_COMPONENTS,
  HEALTH_SLOW_MS,
  PIPELINE_DEGRADED_AFTER_MINUTES,
  type HealthComponent,
  type HealthReport,
} from '../../contract/health';
import { config } from '../shared/config';
import { withinDeadline } from '../shared/deadline';
import { logger } from '../shared/observability';
import { getPipelineBacklog } from '../templates/pipeline-health';
import { getApprovedTemplateCount } from './repo';

const minutesSince = (iso: string, now: Date) =>
  Math.floor((now.getTime() - Date.parse(iso)) / 60_000);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A wait in the unit a person reads: minutes, then hours, then days. */
const formatWait = (minutes: number): string =>
  minutes < 120
    ? plural(minutes, 'minute')
    : minutes < 48 * 60
      ? plural(Math.floor(minutes / 60), 'hour')
      : plural(Math.floor(minutes / (24 * 60)), 'day');

const seconds = (ms: number) => `${ms / 1000} s`;

class CheckTimedOut extends Error {}

/** `work`, or a CheckTimedOut after the check's budget (its requests are aborted). */
const withinBudget = <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> =>
  withinDeadline(HEALTH_CHECK_TIMEOUT_MS, () => new CheckTimedOut(), work);

/** Operational or slow, by how long the answer took. */
const answered = (name: string, ms: number): HealthComponent =>
  ms > HEALTH_SLOW_MS
    ? { name, status: 'degraded', detail: `Answering slowly (${ms} ms).` }
    : { name, status: 'operational', detail: `Answering in ${ms} ms.` };

const notAnswering = (name: string, error: unknown): HealthComponent => {
  logger.warn('Health: a dependency did not answer', { component: name, error });
  return {
    name,
    status: 'down',
    detail:
      error instanceof CheckTimedOut
        ? `Not answering (no answer within ${seconds(HEALTH_CHECK_TIMEOUT_MS)}).`
        : 'Not answering.',
  };
};

const databaseCheck = async (): Promise<HealthComponent> => {
  const started = Date.now();
  try {
    await withinBudget(() => getApprovedTemplateCount());
    return answered(HEALTH_COMPONENTS.database, Date.now() - started);
  } catch (error) {
    return notAnswering(HEALTH_COMPONENTS.database, error);
  }
};

/** One request to a service's endpoint: any answer below 500 means it is there. */
const endpointCheck = async (name: string, url: string): Promise<HealthComponent> => {
  const started = Date.now();
  try {
    const response = await withinBudget((signal) => fetch(url, { signal, redirect: 'manual' }));
    await response.body?.cancel();
    const ms = Date.now() - started;
    if (response.status >= 500) {
      return { name, status: 'down', detail: `Answering with errors (HTTP ${response.status}).` };
    }
    return answered(name, ms);
  } catch (error) {
    return notAnswering(name, error);
  }
};

/** An AWS service's endpoint as the SDK resolves it: the configured one, or the region's. */
const awsEndpoint = (envName: string, host: string): string =>
  process.env[envName] ?? `https://${host}.${process.env.AWS_REGION ?? 'eu-west-2'}.amazonaws.com/`;

/** The services our clients talk to, with the address each is checked at. */
const dependencyChecks = (): Promise<HealthComponent>[] => {
  const settings = config();
  return [
    databaseCheck(),
    endpointCheck(HEALTH_COMPONENTS.files, awsEndpoint('AWS_ENDPOINT_URL_S3', 's3')),
    endpointCheck(
      HEALTH_COMPONENTS.signIn,
      awsEndpoint('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', 'cognito-idp'),
    ),
    endpointCheck(
      HEALTH_COMPONENTS.payments,
      settings.STRIPE_API_URL ?? 'https://api.stripe.com/v1',
    ),
    endpointCheck(HEALTH_COMPONENTS.github, settings.GITHUB_API_URL ?? 'https://api.github.com/'),
    endpointCheck(
      HEALTH_COMPONENTS.netlify,
      settings.NETLIFY_API_URL ?? 'https://api.netlify.com/api/v1/',
    ),
    endpointCheck(HEALTH_COMPONENTS.email, awsEndpoint('AWS_ENDPOINT_URL_SESV2', 'email')),
  ];
};

const pipelineCheck = async (now: Date): Promise<HealthComponent> => {
  const name = HEALTH_COMPONENTS.pipeline;
  try {
    const { waiting, oldestSince } = await withinBudget(() => getPipelineBacklog());
    if (waiting === 0 || oldestSince === null) {
      return { name, status: 'operational', detail: 'No uploads waiting for their scan.' };
    }
    const minutes = minutesSince(oldestSince, now);
    const queue = `${plural(waiting, 'upload')} waiting, the oldest for ${formatWait(minutes)}.`;
    return minutes > PIPELINE_DEGRADED_AFTER_MINUTES
      ? { name, status: 'degraded', detail: `Slower than usual: ${queue}` }
      : { name, status: 'operational', detail: `Working: ${queue}` };
  } catch (error) {
    logger.warn('Health: pipeline check failed', { error });
    return { name, status: 'down', detail: 'Its state could not be read.' };
  }
};

/** Every check, now (tests call this; the route goes through {@link getRecentHealth}). */
export const getHealth = async (now = new Date()): Promise<HealthReport> => {
  const components: HealthComponent[] = [
    { name: HEALTH_COMPONENTS.api, status: 'operational', detail: 'Answering requests.' },
    ...(await Promise.all([...dependencyChecks(), pipelineCheck(now)])),
  ];
  const status = components.every((component) => component.status === 'operational')
    ? 'operational'
    : 'degraded';
  return { status, checked_at: now.toISOString(), components };
};

/**
 * A public route must not let anyone make us call seven services per request: a container answers
 * from its last report for this long (the page asks every 30 s).
 */
const REUSE_MS = 5_000;
let recent: { at: number; report: Promise<HealthReport> } | undefined;

/** The report of the last {@link REUSE_MS}, or a fresh one (concurrent callers share it). */
export const getRecentHealth = (): Promise<HealthReport> => {
  const now = Date.now();
  if (!recent || now - recent.at > REUSE_MS) recent = { at: now, report: getHealth(new Date(now)) };
  return recent.report;
};

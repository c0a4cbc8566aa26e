/**
 * The marketplace's live health for `/status`: the API (it answers), the database
 * (one small read, timed), and the processing pipeline (templates waiting for their scan). Each
 * check fails on its own: a check that throws says `down` for its component and the report
 * still answers, so the page can tell a visitor what is wrong.
 */
import {
  PIPELINE_DEGRADED_AFTER_MINUTES,
  type HealthComponent,
  type HealthReport,
  type HealthState,
} from '../../contract/health';
import { logger } from '../shared/observability';
import { getPipelineBacklog } from '../templates/pipeline-health';
import { getApprovedTemplateCount } from './repo';

/** A database read slower than this is reported as degraded. */
const SLOW_DATABASE_MS = 1_000;

const RANK: Record<HealthState, number> = { operational: 0, degraded: 1, down: 2 };

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

const databaseCheck = async (): Promise<HealthComponent> => {
  const started = Date.now();
  try {
    await getApprovedTemplateCount();
    const ms = Date.now() - started;
    return ms > SLOW_DATABASE_MS
      ? { name: 'Database', status: 'degraded', detail: `Answering slowly (${ms} ms).` }
      : { name: 'Database', status: 'operational', detail: `Answering in ${ms} ms.` };
  } catch (error) {
    logger.warn('Health: database check failed', { error });
    return { name: 'Database', status: 'down', detail: 'Not answering.' };
  }
};

const pipelineCheck = async (now: Date): Promise<HealthComponent> => {
  const name = 'Processing pipeline';
  try {
    const { waiting, oldestSince } = await getPipelineBacklog();
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

export const getHealth = async (now = new Date()): Promise<HealthReport> => {
  const components: HealthComponent[] = [
    { name: 'API', status: 'operational', detail: 'Answering requests.' },
    ...(await Promise.all([databaseCheck(), pipelineCheck(now)])),
  ];
  const status = components.reduce<HealthState>(
    (worst, component) => (RANK[component.status] > RANK[worst] ? component.status : worst),
    'operational',
  );
  return { status, checked_at: now.toISOString(), components };
};

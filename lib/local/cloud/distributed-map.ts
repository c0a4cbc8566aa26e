/**
 * A Distributed Map state on a laptop. aws-local-stepfunctions runs Map states inline only: it
 * ignores `ItemReader`, `ItemBatcher`, `ResultWriter` and the tolerated-failure fields. So before
 * running, the local runner (state-machines.ts) replaces each DISTRIBUTED Map with a Task state of
 * the same name, path fields, Retry and Catch, whose handler here does what Step Functions does:
 *
 * - reads the ItemReader's S3 object (`s3:getObject`, JSON or JSONL) from s3rver, in process;
 * - batches the items as ItemBatcher does (`{ BatchInput, Items }`, MaxItemsPerBatch);
 * - runs the ItemProcessor once per batch as its own aws-local-stepfunctions execution, at most
 *   MaxConcurrency at a time, with the same task handlers;
 * - fails with `States.ExceedToleratedFailureThreshold` when the items of failed child executions
 *   exceed ToleratedFailurePercentage / ToleratedFailureCount;
 * - writes the results as ResultWriter does (`{Prefix}/{map run id}/manifest.json` with
 *   `SUCCEEDED_0.json` and `FAILED_0.json`) and returns `{ MapRunArn, ResultWriterDetails }`.
 *
 * Composition only: the ASL decides; nothing here knows what the items are.
 */
import { randomUUID } from 'node:crypto';
import { mapWithConcurrency } from '../../../lambdas/shared/concurrency';
import { putObject, readObject } from '../../../lambdas/shared/storage/s3';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Template = Record<string, Json>;

export interface DistributedMapState {
  Type: 'Map';
  ItemProcessor: {
    ProcessorConfig?: { Mode?: string; ExecutionType?: string };
    StartAt: string;
    States: Record<string, unknown>;
  };
  ItemReader?: {
    Resource: string;
    Parameters?: Template;
    ReaderConfig?: { InputType?: string; MaxItems?: number };
  };
  ItemBatcher?: { MaxItemsPerBatch?: number; BatchInput?: Template };
  ItemsPath?: string;
  ItemSelector?: unknown;
  MaxConcurrency?: number;
  ToleratedFailurePercentage?: number;
  ToleratedFailureCount?: number;
  ResultWriter?: { Resource: string; Parameters?: Template };
  [field: string]: unknown;
}

export const isDistributedMap = (state: { Type: string }): state is DistributedMapState =>
  state.Type === 'Map' &&
  (state as DistributedMapState).ItemProcessor?.ProcessorConfig?.Mode === 'DISTRIBUTED';

/** Fields a Task state shares with the Map state it stands in for. */
const KEPT_FIELDS = [
  'Comment',
  'InputPath',
  'ResultPath',
  'OutputPath',
  'Next',
  'End',
  'Retry',
  'Catch',
];

/** The Task state that replaces a Distributed Map (its handler is `distributedMapHandler`). */
export const standInTask = (state: DistributedMapState, resource: string) => ({
  Type: 'Task',
  Resource: resource,
  // A Map state has no timeout of its own (the execution's bounds it), where a Task's default is
  // 60 s: 2,000,000 s, within what a Node timer holds (about 24.8 days; beyond, it fires at once).
  TimeoutSeconds: 2_000_000,
  ...Object.fromEntries(KEPT_FIELDS.filter((field) => field in state).map((f) => [f, state[f]])),
});

/** `$.a.b` against the state's input: the only paths these payload templates use. */
const valueAt = (input: Json, path: string): Json => {
  if (!/^\$(\.[A-Za-z_][\w-]*)*$/.test(path))
    throw new Error(`The local Distributed Map resolves only $.a.b paths, not ${path}.`);
  let value: Json = input;
  for (const name of path.split('.').slice(1)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !(name in value))
      throw new Error(`States.Runtime: ${path} is not in the Map state's input.`);
    value = value[name]!;
  }
  return value;
};

/** A payload template's `.$` fields resolved against the input (one level, as these use). */
const resolve = (template: Template | undefined, input: Json): Record<string, Json> =>
  Object.fromEntries(
    Object.entries(template ?? {}).map(([key, value]) =>
      key.endsWith('.$') ? [key.slice(0, -2), valueAt(input, String(value))] : [key, value],
    ),
  );

const readItems = async (state: DistributedMapState, input: Json): Promise<Json[]> => {
  const reader = state.ItemReader;
  if (!reader) {
    const items = state.ItemsPath ? valueAt(input, state.ItemsPath) : input;
    if (!Array.isArray(items))
      throw new Error('States.Runtime: the Map state’s items are no array.');
    return items;
  }
  if (reader.Resource !== 'arn:aws:states:::s3:getObject')
    throw new Error(`The local Distributed Map reads S3 objects only, not ${reader.Resource}.`);
  const { Bucket, Key } = resolve(reader.Parameters, input);
  const bytes = await readObject(String(Bucket), String(Key));
  if (!bytes) throw new Error(`States.ItemReaderFailed: s3://${Bucket}/${Key} does not exist.`);
  const text = new TextDecoder().decode(bytes);
  const type = reader.ReaderConfig?.InputType ?? 'JSON';
  const items =
    type === 'JSONL'
      ? text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as Json)
      : type === 'JSON'
        ? (JSON.parse(text) as Json[])
        : null;
  if (!Array.isArray(items))
    throw new Error(`The local Distributed Map reads JSON or JSONL objects, not ${type}.`);
  return items.slice(0, reader.ReaderConfig?.MaxItems ?? items.length);
};

export interface ChildResult {
  input: Json;
  items: number;
  output?: Json;
  error?: unknown;
}

export interface DistributedMapOptions {
  /** Runs the ItemProcessor on one child input (an aws-local-stepfunctions execution). */
  runChild: (input: Json) => Promise<Json>;
  /** Replaces ItemBatcher's MaxItemsPerBatch (tests run small batches over a few items). */
  maxItemsPerBatch?: number;
}

/** The child inputs: one per item, or `{ BatchInput, Items }` per batch. */
const childInputs = (
  state: DistributedMapState,
  items: Json[],
  input: Json,
  maxItemsPerBatch: number | undefined,
): { input: Json; items: number }[] => {
  if (state.ItemSelector) throw new Error('The local Distributed Map has no ItemSelector.');
  const batcher = state.ItemBatcher;
  if (!batcher) return items.map((item) => ({ input: item, items: 1 }));
  const size = maxItemsPerBatch ?? batcher.MaxItemsPerBatch ?? items.length;
  const batchInput = batcher.BatchInput ? resolve(batcher.BatchInput, input) : undefined;
  const batches: { input: Json; items: number }[] = [];
  for (let start = 0; start < items.length; start += size) {
    const slice = items.slice(start, start + size);
    batches.push({
      input: { ...(batchInput ? { BatchInput: batchInput } : {}), Items: slice },
      items: slice.length,
    });
  }
  return batches;
};

/** Each child run, at most `limit` at a time; a failed one keeps its error instead of an output. */
const runChildren = (
  children: { input: Json; items: number }[],
  limit: number,
  runChild: (input: Json) => Promise<Json>,
): Promise<ChildResult[]> =>
  mapWithConcurrency(children, limit, async (child): Promise<ChildResult> => {
    try {
      return { ...child, output: await runChild(child.input) };
    } catch (error) {
      return { ...child, error };
    }
  });

class ToleratedFailureError extends Error {
  constructor(failed: number, total: number) {
    super(`${failed} of ${total} items failed, more than the Map state tolerates.`);
    this.name = 'States.ExceedToleratedFailureThreshold';
  }
}

const causeOf = (error: unknown): unknown =>
  error instanceof Error && error.name === 'ExecutionError' && error.cause ? error.cause : error;

/** ResultWriter: the results files and their manifest, as Step Functions lays them out. */
const writeResults = async (
  state: DistributedMapState,
  input: Json,
  mapRunArn: string,
  results: ChildResult[],
): Promise<Json> => {
  const writer = state.ResultWriter!;
  const { Bucket, Prefix } = resolve(writer.Parameters, input);
  const bucket = String(Bucket);
  const base = `${String(Prefix ?? '').replace(/\/$/, '')}/${mapRunArn.split(':').pop()}`;
  const entry = (result: ChildResult, index: number) => ({
    ExecutionArn: `${mapRunArn}:${index}`,
    Input: JSON.stringify(result.input),
    Status: result.error ? 'FAILED' : 'SUCCEEDED',
    ...(result.error
      ? {
          Error: (causeOf(result.error) as Error).name,
          Cause: (causeOf(result.error) as Error).message,
        }
      : { Output: JSON.stringify(result.output ?? null) }),
  });
  const files: Record<string, { Key: string; Size: number }[]> = {
    FAILED: [],
    PENDING: [],
    SUCCEEDED: [],
  };
  for (const status of ['SUCCEEDED', 'FAILED'] as const) {
    const entries = results.map(entry).filter((item) => item.Status === status);
    if (entries.length === 0) continue;
    const body = JSON.stringify(entries);
    const key = `${base}/${status}_0.json`;
    await putObject({ bucket, key, body, contentType: 'application/json' });
    files[status]!.push({ Key: key, Size: Buffer.byteLength(body) });
  }
  const manifestKey = `${base}/manifest.json`;
  const manifest = { DestinationBucket: bucket, MapRunArn: mapRunArn, ResultFiles: files };
  await putObject({
    bucket,
    key: manifestKey,
    body: JSON.stringify(manifest),
    contentType: 'application/json',
  });
  return { MapRunArn: mapRunArn, ResultWriterDetails: { Bucket: bucket, Key: manifestKey } };
};

/** The handler of the Task state standing in for a Distributed Map named `stateName`. */
export const distributedMapHandler =
  (stateName: string, state: DistributedMapState, options: DistributedMapOptions) =>
  async (input: Json): Promise<Json> => {
    const items = await readItems(state, input);
    const children = childInputs(state, items, input, options.maxItemsPerBatch);
    const results = await runChildren(children, state.MaxConcurrency || 40, options.runChild);
    const failed = results.filter((result) => result.error).reduce((sum, r) => sum + r.items, 0);
    // Either threshold, when set, fails the map run once exceeded; with neither, any failure does.
    const { ToleratedFailurePercentage: percentage, ToleratedFailureCount: count } = state;
    const overPercentage =
      percentage !== undefined && (failed / Math.max(1, items.length)) * 100 > percentage;
    const overCount = count !== undefined && failed > count;
    const noTolerance = percentage === undefined && count === undefined;
    if (failed > 0 && (noTolerance || overPercentage || overCount))
      throw new ToleratedFailureError(failed, items.length);
    const mapRunArn = `arn:aws:states:local:000000000000:mapRun:${stateName}:${randomUUID()}`;
    if (state.ResultWriter) return writeResults(state, input, mapRunArn, results);
    return results.map((result) => result.output ?? null);
  };

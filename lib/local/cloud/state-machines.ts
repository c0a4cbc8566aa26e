/**
 * Step Functions on a laptop: the same `state-machines/*.asl.json` files, run in this process by
 * aws-local-stepfunctions, with each Task's `${…FunctionArn}` placeholder mapped to the same task
 * function the CDK deploys (lib/constructs/processing.ts). Registered as the workflow runner, so
 * `startWorkflow` (lambdas/shared/adapters/workflow.ts) starts an execution here in the background.
 * Composition only: no business logic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import type { WorkflowInput, WorkflowRunner } from '../../../lambdas/shared/adapters/workflow';
import {
  stateMachineDesign,
  type ServiceIntegration,
  type WorkflowName,
} from '../../../contract/design/state-machines';
import { fileURLToPath } from 'node:url';
import {
  distributedMapHandler,
  isDistributedMap,
  standInTask,
  type DistributedMapState,
} from './distributed-map';

type TaskHandler = (input: unknown) => Promise<unknown>;
type RunOverrides = NonNullable<NonNullable<Parameters<StateMachine['run']>[1]>['overrides']>;
type LocalHandlers = NonNullable<RunOverrides['taskResourceLocalHandlers']>;
type JsonValue = Parameters<LocalHandlers[string]>[0];

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The task module behind a placeholder, imported on first use (the CDK builds a function from it). */
const taskHandler = async (entry: string): Promise<TaskHandler> => {
  const module = (await import(join(repositoryRoot, 'lambdas', entry))) as {
    handler?: TaskHandler;
  };
  if (typeof module.handler !== 'function') throw new Error(`lambdas/${entry} exports no handler.`);
  return module.handler;
};

export const aslPathOf = (workflow: WorkflowName) =>
  join(repositoryRoot, stateMachineDesign[workflow].asl);

interface AslState {
  Type: string;
  Resource?: string;
  /** The inner state machine of a Map state (`Iterator` in older definitions). */
  ItemProcessor?: { States: Record<string, AslState> };
  Iterator?: { States: Record<string, AslState> };
  Branches?: { States: Record<string, AslState> }[];
}

/**
 * Every state of a definition, including those inside Map and Parallel states: the runner looks
 * task handlers up by state name at every level.
 */
const allStates = (states: Record<string, AslState>): [string, AslState][] =>
  Object.entries(states).flatMap(([name, state]) => [
    [name, state] as [string, AslState],
    ...[state.ItemProcessor ?? state.Iterator, ...(state.Branches ?? [])].flatMap((inner) =>
      inner ? allStates(inner.States) : [],
    ),
  ]);

/** A Lambda ARN the validator accepts, standing in for the placeholder. */
const localArn = (placeholder: string) =>
  `arn:aws:lambda:local:000000000000:function:${placeholder.replace(/FunctionArn$/, '')}`;

/** The local stand-in of each service integration a state machine uses (the Build state's CodeBuild). */
export type LocalServices = Partial<Record<ServiceIntegration['service'], TaskHandler>>;

/**
 * The stand-ins used unless told otherwise (the local stack passes its own): CodeBuild is the
 * local build runner (lib/local/build/codebuild.ts) with the registry `LOCAL_NPM_REGISTRY_URL`
 * names; without one, or with `LOCAL_BUILDS=off`, the build is recorded as not built.
 */
const defaultServices = (): LocalServices => ({
  'codebuild:startBuild.sync': async (input) => {
    const { createLocalCodeBuild } = await import('../build/codebuild');
    return createLocalCodeBuild({
      registryUrl: async () => process.env.LOCAL_NPM_REGISTRY_URL ?? null,
    })(input);
  },
});

export interface LocalExecution {
  workflow: WorkflowName;
  name: string;
  /** Settles when the execution ends: its output, or the execution error. */
  result: Promise<unknown>;
}

export interface LocalWorkflowOptions {
  /** Called with every finished execution (tests and the bench wait on it). */
  onSettled?: (execution: LocalExecution, outcome: { ok: boolean; error?: unknown }) => void;
  /** Milliseconds between retries instead of the ASL's seconds (tests). */
  retryIntervalMs?: number;
  /** Items per batch of every Distributed Map instead of its MaxItemsPerBatch (tests). */
  maxItemsPerBatch?: number;
  /** Stand-ins of service integrations instead of the local stack's (the local build runner). */
  services?: LocalServices;
  log?: (line: string) => void;
}

/** A Distributed Map replaced by a stand-in Task, with the machine that runs one child input. */
interface LocalDistributedMap {
  name: string;
  state: DistributedMapState;
  child: StateMachine;
}

/**
 * Replaces each top-level DISTRIBUTED Map by a Task state of the same name, run in process by
 * distributed-map.ts: aws-local-stepfunctions would run it inline and ignore its ItemReader,
 * ItemBatcher, ResultWriter and tolerated failures.
 */
const replaceDistributedMaps = (
  workflow: WorkflowName,
  states: Record<string, AslState>,
  log: (line: string) => void,
): LocalDistributedMap[] =>
  Object.entries(states).flatMap(([name, state]) => {
    if (!isDistributedMap(state)) return [];
    const { StartAt, States } = state.ItemProcessor;
    states[name] = standInTask(state, `arn:aws:lambda:local:000000000000:function:map-${name}`);
    log(
      `Local Step Functions: ${workflow} state ${name} is a Distributed Map, which ` +
        'aws-local-stepfunctions runs inline only; the local runner reads its ItemReader object ' +
        'from S3, batches the items and writes its ResultWriter files in process ' +
        '(lib/local/cloud/distributed-map.ts).',
    );
    const child = new StateMachine({ StartAt, States } as never, {
      validationOptions: { noValidate: true },
    });
    return [{ name, state, child }];
  });

/**
 * Loads one ASL file with its placeholders replaced and the state-name → task handler map; the
 * Task states of service integrations get the stand-in of `services` for their service.
 */
export const loadLocalStateMachine = async (
  workflow: WorkflowName,
  log: (line: string) => void = (line) => console.error(line),
  services: LocalServices = defaultServices(),
) => {
  const text = readFileSync(aslPathOf(workflow), 'utf8');
  const tasks: Record<string, string> = stateMachineDesign[workflow].tasks;
  const design = stateMachineDesign[workflow] as {
    integrations?: Record<string, ServiceIntegration>;
  };
  const integrations = design.integrations ?? {};
  const substituted = text.replace(/\$\{(\w+)\}/g, (match, name: string) => {
    if (name in integrations) return `local-${name}`;
    if (!(name in tasks))
      throw new Error(`${workflow}.asl.json uses \${${name}}, which has no local task.`);
    return localArn(name);
  });
  const definition = JSON.parse(substituted) as { States: Record<string, AslState> };
  const handlers: LocalHandlers = {};
  const retryable: string[] = [];
  for (const [stateName, state] of allStates(definition.States)) {
    if (state.Type !== 'Task') continue;
    const integration = Object.values(integrations).find((each) => each.state === stateName);
    if (integration) {
      const standIn = services[integration.service];
      if (!standIn)
        throw new Error(`Task state ${stateName} of ${workflow} has no local stand-in.`);
      handlers[stateName] = async (input) =>
        JSON.parse(JSON.stringify((await standIn(input)) ?? null)) as JsonValue;
      retryable.push(stateName);
      continue;
    }
    const placeholder = Object.keys(tasks).find((name) => state.Resource === localArn(name));
    if (!placeholder)
      throw new Error(`Task state ${stateName} of ${workflow} has no local handler.`);
    const handler = await taskHandler(tasks[placeholder]!);
    // A JSON round trip, as Lambda does: no Dates or undefineds leak between states.
    handlers[stateName] = async (input) =>
      JSON.parse(JSON.stringify((await handler(input)) ?? null)) as JsonValue;
    retryable.push(stateName);
  }
  const distributedMaps = replaceDistributedMaps(workflow, definition.States, log);
  return {
    machine: new StateMachine(definition as never),
    handlers,
    taskStates: retryable,
    distributedMaps,
  };
};

/** The in-process workflow runner of the local stack. */
export const createLocalWorkflowRunner = (
  options: LocalWorkflowOptions = {},
): WorkflowRunner & {
  /** Executions not finished yet (stop() waits for them). */
  running: Set<Promise<unknown>>;
} => {
  const loaded = new Map<WorkflowName, ReturnType<typeof loadLocalStateMachine>>();
  const running = new Set<Promise<unknown>>();
  const log = options.log ?? ((line: string) => console.error(line));
  return {
    running,
    start: async (workflow: WorkflowName, input: WorkflowInput, name: string) => {
      let entry = loaded.get(workflow);
      if (!entry) {
        entry = loadLocalStateMachine(workflow, log, options.services);
        loaded.set(workflow, entry);
      }
      const { machine, handlers, taskStates, distributedMaps } = await entry;
      const retryIntervalOverrides =
        options.retryIntervalMs === undefined
          ? undefined
          : Object.fromEntries(taskStates.map((state) => [state, options.retryIntervalMs!]));
      const overrides: RunOverrides = {
        taskResourceLocalHandlers: { ...handlers },
        ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}),
      };
      for (const map of distributedMaps) {
        const run = distributedMapHandler(map.name, map.state, {
          maxItemsPerBatch: options.maxItemsPerBatch,
          runChild: async (childInput) =>
            (await map.child.run(childInput as never, {
              overrides,
              context: { Execution: { Name: `${name}-${map.name}` } } as never,
            }).result) as never,
        });
        overrides.taskResourceLocalHandlers![map.name] = (mapInput) =>
          run(mapInput as never) as Promise<JsonValue>;
      }
      const execution = machine.run(input as never, {
        overrides,
        context: { Execution: { Name: name, StartTime: new Date().toISOString() } } as never,
      });
      // In the background, as StartExecution: the caller only waits for acceptance.
      const result = execution.result.then(
        (output) => {
          options.onSettled?.({ workflow, name, result }, { ok: true });
          return output;
        },
        (error: unknown) => {
          log(`Workflow ${workflow} execution ${name} failed: ${(error as Error).message}`);
          options.onSettled?.({ workflow, name, result }, { ok: false, error });
          return undefined;
        },
      );
      running.add(result);
      void result.finally(() => running.delete(result));
    },
  };
};

/** The ASL text of a workflow (the CDK reads the same file). */
export const readAsl = (workflow: WorkflowName): unknown =>
  JSON.parse(readFileSync(aslPathOf(workflow), 'utf8'));

/**
 * The Step Functions state machines: for each, its ASL file and, for each `${…FunctionArn}`
 * placeholder in it, the task module behind it (`lambdas/<entry>`, exporting `handler`), and the
 * service integrations' placeholders (`integrations`). The CDK
 * substitutes each placeholder with the ARN of a function built from that entry
 * (lib/constructs/processing.ts); the local runner maps it to the same module
 * (lib/local/cloud/state-machines.ts). `arnVariable` is the variable that tells a function allowed to
 * start the machine its ARN. Imports only its sibling design modules.
 */
import type { LambdaVariable } from './lambda-environment';

/**
 * A Task state that calls an AWS service itself rather than a function of ours (the version
 * build: CodeBuild's `startBuild.sync`). Its placeholder (`${BuildProjectName}`) is the
 * resource's name, which the CDK substitutes; locally, the state of that name is run by the local
 * stand-in of the service (lib/local/cloud/state-machines.ts is given one per `service`).
 */
export interface ServiceIntegration {
  /** The Task state that uses the placeholder. */
  state: string;
  /** The integration, as in its `arn:aws:states:::` resource. */
  service: 'codebuild:startBuild.sync';
}

export const stateMachineDesign = {
  'mvp-processing': {
    asl: 'state-machines/mvp-processing.asl.json',
    arnVariable: 'PROCESSING_STATE_MACHINE_ARN',
    tasks: {
      ScanFunctionArn: 'processing/tasks/scan.ts',
      AuditFunctionArn: 'security/tasks/audit.ts',
      PinFunctionArn: 'processing/tasks/pin.ts',
      RenditionsFunctionArn: 'processing/tasks/renditions.ts',
      DetectSiteFunctionArn: 'processing/tasks/detect-site.ts',
      PlanBuildFunctionArn: 'processing/tasks/plan-build.ts',
      RecordBuildFunctionArn: 'processing/tasks/record-build.ts',
      PublishFunctionArn: 'processing/tasks/publish.ts',
      MarkFailedFunctionArn: 'processing/tasks/mark-failed.ts',
    },
    integrations: {
      BuildProjectName: { state: 'Build', service: 'codebuild:startBuild.sync' },
    },
  },
  'monthly-payouts': {
    asl: 'state-machines/monthly-payouts.asl.json',
    arnVariable: 'PAYOUTS_STATE_MACHINE_ARN',
    tasks: {
      PreparePayoutsFunctionArn: 'payouts/tasks/prepare-payouts.ts',
      TransferPayoutFunctionArn: 'payouts/tasks/transfer-payout.ts',
      FinishPayoutRunFunctionArn: 'payouts/tasks/finish-payout-run.ts',
    },
  },
  'newsletter-send': {
    asl: 'state-machines/newsletter-send.asl.json',
    arnVariable: 'NEWSLETTER_STATE_MACHINE_ARN',
    tasks: {
      PrepareRecipientsFunctionArn: 'newsletter/tasks/prepare-recipients.ts',
      SendBatchFunctionArn: 'newsletter/tasks/send-batch.ts',
      FinishIssueFunctionArn: 'newsletter/tasks/finish-issue.ts',
    },
  },
  'github-sync': {
    asl: 'state-machines/github-sync.asl.json',
    arnVariable: 'GITHUB_SYNC_STATE_MACHINE_ARN',
    tasks: {
      FetchArchiveFunctionArn: 'github/tasks/fetch-archive.ts',
      RegisterVersionFunctionArn: 'github/tasks/register-version.ts',
      MarkSyncFailedFunctionArn: 'github/tasks/mark-sync-failed.ts',
    },
  },
  'buyer-deploy': {
    asl: 'state-machines/buyer-deploy.asl.json',
    arnVariable: 'BUYER_DEPLOY_STATE_MACHINE_ARN',
    tasks: {
      CreateRepositoryFunctionArn: 'deployments/tasks/create-repository.ts',
      PlanSiteFunctionArn: 'deployments/tasks/plan-site.ts',
      CreateSiteFunctionArn: 'deployments/tasks/create-site.ts',
      CheckSiteFunctionArn: 'deployments/tasks/check-site.ts',
      OpenUpgradeFunctionArn: 'deployments/tasks/open-upgrade.ts',
      MarkFailedFunctionArn: 'deployments/tasks/mark-failed.ts',
      TellDeployerFunctionArn: 'security-alerts/tasks/tell-deployer.ts',
    },
  },
} as const satisfies Record<
  string,
  {
    asl: string;
    arnVariable: LambdaVariable;
    tasks: Record<string, string>;
    integrations?: Record<string, ServiceIntegration>;
  }
>;

/** The state machines code may start (lambdas/shared/adapters/workflow.ts). */
export type WorkflowName = keyof typeof stateMachineDesign;

/** The placeholders of one state machine's ASL. */
export type TaskPlaceholder<W extends WorkflowName> = keyof (typeof stateMachineDesign)[W]['tasks'];

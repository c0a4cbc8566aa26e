/**
 * The emulators behind the local cloud: DynamoDB Local (a Java child process), cognito-local (a
 * Node child process), s3rver and aws-ses-v2-local (in process). Each start function waits until
 * its emulator answers, fails with a message that says what to do, and returns a handle whose
 * `stop()` leaves no process behind. `resources.ts` creates in them what the CDK would create.
 */
export { LocalStackError, assertPortFree, type EmulatorHandle } from './process';
export * from './dynamodb';
export * from './cognito';
export * from './s3';
export * from './ses';

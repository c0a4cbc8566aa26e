/**
 * The CDK app (`npx cdk synth`, `npx cdk deploy --all`). Context flags live in cdk.json:
 * `stage`, `retainData`, `betaAccess`, `launchAt`, `paymentsMode`; override with `-c key=value`.
 */
import { createApp } from '../lib/stacks/create-app';

const { app } = createApp();
app.synth();

/**
 * What the integration global setup hands to every test file through Vitest's provide/inject:
 * the emulators' endpoints and the one user pool of the run.
 */
export interface LocalCloudContext {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  cognitoEndpoint: string;
  /** cognito-local's working folder, where it keeps the pool (and pending confirmation codes). */
  cognitoDataDir: string;
  userPoolId: string;
  userPoolClientId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: LocalCloudContext;
  }
}

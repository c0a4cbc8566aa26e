/**
 * The synthesised template against the acceptance list: pool and groups, table, private
 * buckets, the JWT authorizer on exactly the protected rows of the route table, one Lambda per
 * domain, CloudFront with OAC and its behaviours, config.json, and least privilege.
 */
import { Match } from 'aws-cdk-lib/assertions';
import type { Construct, IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDesign } from '../../contract/design/table-design';
import { secretArnVariable } from '../../contract/design/secrets';
import { domains, routeKey, routes } from '../../contract/routes';
import type { Domain } from '../../contract/routes';
import { authDesign } from '../../contract/design/auth-design';
import { domainNeeds } from '../../lib/constructs/api';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { createApp } from '../../lib/stacks/create-app';
import { NOTIFYING_DOMAINS } from '../../lib/stacks/marketplace-stack';
import type { MarketplaceFunction } from '../../lib/constructs/marketplace-function';
import { storageDesign } from '../../contract/design/storage-design';
import { apiRouteResources, PROD_CONTEXT, synthApp } from '../fixtures/synth';
import type { SynthesisedApp } from '../fixtures/synth';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

let synthesised: SynthesisedApp;

beforeAll(() => {
  synthesised = synthApp();
});

const findResources = (type: string, props?: Record<string, unknown>): Resources =>
  synthesised.template.findResources(type, props ? { Properties: props } : undefined) as Resources;

/** The logical id of a construct's CloudFormation resource in the synthesised template. */
const idOf = (construct: IConstruct | undefined): string => {
  expect(construct).toBeDefined();
  return logicalIdOf(construct as Construct);
};

const functionOf = (domain: Domain): MarketplaceFunction => {
  const fn = synthesised.stack.api.functions.get(domain);
  expect(fn, domain).toBeDefined();
  return fn as MarketplaceFunction;
};

describe('auth', () => {
  it('has a user pool with email as username, password minimum 6, self sign-up and email recovery', () => {
    synthesised.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: {
        RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
      },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'role', AttributeDataType: 'String' })]),
    });
  });

  it('has exactly the four role groups', () => {
    const names = Object.values(findResources('AWS::Cognito::UserPoolGroup')).map(
      (group) => group.Properties.GroupName,
    );
    expect(names.sort()).toEqual([...authDesign.groups].sort());
    expect(names.sort()).toEqual(['admin', 'both', 'buyer', 'seller']);
  });

  it('has a web client without secret allowing SRP and refresh only (the cloud design)', () => {
    synthesised.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(findResources('AWS::Cognito::UserPoolClient'));
    expect(client?.Properties.GenerateSecret).toBe(false);
    expect([...(client?.Properties.ExplicitAuthFlows as string[])].sort()).toEqual(
      [...authDesign.cloudClientAuthFlows].sort(),
    );
  });
});

describe('data', () => {
  it('has one on-demand table with PITR, TTL and the three GSIs projecting ALL', () => {
    synthesised.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    synthesised.template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('retains and protects table, user pool and buckets by default, with PITR and versioned data buckets', () => {
    for (const retained of [synthesised, synthApp(PROD_CONTEXT)]) {
      retained.template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      });
      retained.template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
      });
      retained.template.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
      for (const bucket of [
        retained.stack.data.mvpFilesBucket,
        retained.stack.data.previewImagesBucket,
      ]) {
        const props = retained.template.toJSON().Resources[logicalIdOf(bucket)].Properties;
        expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
        expect(props.LifecycleConfiguration.Rules).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ NoncurrentVersionExpiration: { NoncurrentDays: 90 } }),
          ]),
        );
      }
    }
  });

  it('destroys the data of a non-prod stage only when retainData=false is given', () => {
    const disposable = synthApp({ stage: 'preview', retainData: 'false' });
    disposable.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({
        DeletionProtectionEnabled: false,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    });
    disposable.template.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Delete' });
    disposable.template.allResources('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    const props =
      disposable.template.toJSON().Resources[logicalIdOf(disposable.stack.data.mvpFilesBucket)]
        .Properties;
    expect(props.VersioningConfiguration).toBeUndefined();
  });

  it('refuses retainData=false for prod, and a retainData that is not a boolean', () => {
    expect(() => createApp({ context: { stage: 'prod', retainData: 'false' } })).toThrow(
      /refused for stage "prod"/,
    );
    expect(() => createApp({ context: { stage: 'prod', retainData: false } })).toThrow(
      /refused for stage "prod"/,
    );
    expect(() => createApp({ context: { retainData: 'no' } })).toThrow(
      /"retainData" must be true or false/,
    );
  });

  it('keeps every bucket private, encrypted and TLS-only', () => {
    const buckets = findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(4); // mvp files, previews, site, logs
    synthesised.template.allResourcesProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    const policies = Object.values(findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(4);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain(
        '"aws:SecureTransport":"false"',
      );
      // No statement opens a bucket to everyone.
      expect(JSON.stringify(policy.Properties.PolicyDocument)).not.toMatch(
        /"Effect":"Allow","Principal":"\*"/,
      );
    }
  });

  it('gives the upload buckets CORS for presigned browser requests and expires uploads/', () => {
    const { data } = synthesised.stack;
    for (const bucket of [data.mvpFilesBucket, data.previewImagesBucket]) {
      const id = idOf(bucket);
      const props = findResources('AWS::S3::Bucket')[id]?.Properties ?? {};
      expect(props.CorsConfiguration).toEqual({
        CorsRules: [
          expect.objectContaining({
            AllowedMethods: ['GET', 'PUT', 'HEAD'],
            ExposedHeaders: ['ETag'],
            MaxAge: storageDesign.cors.maxAgeSeconds,
          }),
        ],
      });
      expect(JSON.stringify(props.LifecycleConfiguration)).toContain(
        `"Prefix":"${storageDesign.uploadsPrefix}"`,
      );
      expect(props.LoggingConfiguration).toMatchObject({
        DestinationBucketName: { Ref: expect.any(String) },
      });
    }
  });
});

describe('api', () => {
  it('has the Cognito JWT authorizer with the pool issuer and the web client audience', () => {
    synthesised.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    synthesised.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: idOf(synthesised.stack.auth.webClient) }],
        Issuer: {
          'Fn::Join': [
            '',
            [
              'https://cognito-idp.',
              { Ref: 'AWS::Region' },
              '.amazonaws.com/',
              { Ref: idOf(synthesised.stack.auth.userPool) },
            ],
          ],
        },
      },
    });
  });

  it('has one route per route-table row, JWT on every protected row and none on public rows', () => {
    const apiRoutes = apiRouteResources(synthesised);
    expect(apiRoutes.map((route) => route.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
    for (const row of routes) {
      const route = apiRoutes.find((candidate) => candidate.RouteKey === routeKey(row));
      if (row.access === 'public') {
        expect(route?.AuthorizationType, routeKey(row)).toBe('NONE');
        expect(route?.AuthorizerId, routeKey(row)).toBeUndefined();
      } else {
        expect(route?.AuthorizationType, routeKey(row)).toBe('JWT');
        // The authorizer is the main stack's, passed to the route stack as a parameter.
        expect(route?.AuthorizerId, routeKey(row)).toEqual({
          Ref: expect.stringMatching(/CognitoJwt/),
        });
      }
    }
    expect(routes.some((row) => row.access !== 'public')).toBe(true);
  });

  it('lets Stripe reach its webhook route without a token, and gives only money functions the Stripe key', () => {
    const webhook = apiRouteResources(synthesised).find(
      (route) => route.RouteKey === 'POST /api/webhooks/stripe',
    );
    expect(webhook?.AuthorizationType).toBe('NONE');
    const withStripeKey = Object.entries(findResources('AWS::Lambda::Function'))
      .filter(([, fn]) =>
        Object.keys(
          (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)
            ?.Variables ?? {},
        ).includes('STRIPE_SECRET_KEY_SECRET_ARN'),
      )
      .map(([id]) => id);
    expect(withStripeKey).toHaveLength(5);
    // Payouts: an admin's Process pays one payout through the monthly run's transfer. Account:
    // closing an account ends its subscription with the paid period.
    for (const name of [
      'AccountFunction',
      'BillingFunction',
      'PayoutsFunction',
      'RefundsFunction',
      'TransferPayoutFunction',
    ]) {
      expect(
        withStripeKey.some((id) => id.includes(name)),
        `${name} among ${withStripeKey.join(', ')}`,
      ).toBe(true);
    }
  });

  it('logs access on the $default stage', () => {
    synthesised.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('has one Node 24 arm64 Lambda per domain with tracing and the shared environment', () => {
    // CDK's own custom-resource handlers are x86 or Python; ours are exactly the Node 24 arm64 ones.
    const functions = findResources('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
    });
    // The processing, payouts, newsletter, GitHub sync and scheduled task functions are tested
    // with their constructs (test/infra/processing.test.ts, payouts.test.ts, newsletter.test.ts,
    // github-sync.test.ts, buyer-deploy.test.ts, browse-scaling.test.ts).
    const tasks = new Set(
      [
        ...Object.values(synthesised.stack.processing.taskFunctions),
        ...Object.values(synthesised.stack.payouts.taskFunctions),
        ...Object.values(synthesised.stack.newsletter.taskFunctions),
        ...Object.values(synthesised.stack.githubSync.taskFunctions),
        ...Object.values(synthesised.stack.buyerDeploy.taskFunctions),
        ...synthesised.stack.schedules.functions.values(),
      ].map(idOf),
    );
    expect(
      Object.keys(functions)
        .filter((id) => !tasks.has(id))
        .sort(),
    ).toEqual(domains.map((d) => idOf(functionOf(d))).sort());
    for (const domain of domains) {
      const id = idOf(functionOf(domain));
      const props = functions[id]?.Properties;
      expect(props?.Handler).toBe('index.handler');
      expect(props?.TracingConfig).toEqual({ Mode: 'Active' });
      const variables = (props?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables).sort()).toEqual(
        [
          'BETA_ACCESS_ENABLED',
          'DEPLOYMENT_MODE',
          'MFA_REQUIRED_FOR_ADMINS',
          'MVP_FILES_BUCKET',
          'NODE_OPTIONS',
          // Every API function checks the origin header CloudFront adds (origin-verify.ts).
          'ORIGIN_VERIFY_KEY_SECRET_ARN',
          'POWERTOOLS_SERVICE_NAME',
          'PREVIEW_IMAGES_BUCKET',
          'TABLE_NAME',
          'USER_POOL_CLIENT_ID',
          'USER_POOL_ID',
          // The templates domain starts the processing state machine (lib/constructs/processing.ts),
          // and the sellers domain its renditions of a build's picture added to a gallery.
          ...(domain === 'templates' || domain === 'sellers'
            ? ['PROCESSING_STATE_MACHINE_ARN']
            : []),
          // The builds' pictures: served by the security domain, copied into a gallery by the
          // sellers domain (VersionBuilds.servePictures).
          ...(domain === 'security' || domain === 'sellers' ? ['LIVE_PREVIEWS_BUCKET'] : []),
          // Only the newsletter domain starts newsletter-send and mails (lib/constructs/newsletter.ts).
          ...(domain === 'newsletter'
            ? [
                'NEWSLETTER_STATE_MACHINE_ARN',
                'MAIL_FROM',
                'MAIL_SEND_RATE',
                'MAIL_CONFIGURATION_SET',
                'SITE_URL',
              ]
            : []),
          // Only the github domain starts github-sync, seals webhook secrets and registers hooks
          // at the site's address (lib/constructs/github-sync.ts; no App in this synth).
          ...(domain === 'github'
            ? ['GITHUB_SYNC_STATE_MACHINE_ARN', 'TOKEN_KMS_KEY_ARN', 'SITE_URL']
            : []),
          // Only the deployments domain starts buyer-deploy, seals buyers' tokens and sends them
          // back to the site's callback pages (lib/constructs/buyer-deploy.ts; no OAuth apps here).
          ...(domain === 'deployments'
            ? ['BUYER_DEPLOY_STATE_MACHINE_ARN', 'TOKEN_KMS_KEY_ARN', 'SITE_URL']
            : []),
          // The downloads domain starts buyer-deploy's phase `advisories` only: a download of a
          // version with known advisories tells its buyer (lambdas/downloads/download-advisories.ts).
          ...(domain === 'downloads' ? ['BUYER_DEPLOY_STATE_MACHINE_ARN'] : []),
          // The security domain signs live preview addresses: the previews' origin and the
          // signing key's ARN (lib/constructs/version-builds.ts, serveSigning).
          ...(domain === 'security'
            ? ['PREVIEW_ORIGIN', secretArnVariable('previewSigningKey')]
            : []),
          // The ARN (never the value) of each secret the domain reads (domainNeeds.secrets).
          ...(domainNeeds[domain].secrets ?? []).map(secretArnVariable),
          // Domains that e-mail notifications at once (lib/stacks/marketplace-stack.ts).
          ...((NOTIFYING_DOMAINS as readonly string[]).includes(domain)
            ? ['MAIL_FROM', 'MAIL_SEND_RATE', 'MAIL_CONFIGURATION_SET', 'SITE_URL']
            : []),
          ...((NOTIFYING_DOMAINS as readonly string[]).includes(domain)
            ? [secretArnVariable('newsletterSigningKey')]
            : []),
        ]
          .filter((name, index, all) => all.indexOf(name) === index)
          .sort(),
      );
      expect(variables).toMatchObject({
        DEPLOYMENT_MODE: 'cloud',
        BETA_ACCESS_ENABLED: 'false',
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: domain,
      });
    }
  });

  it('grants least privilege: catalog reads the table and cannot write it, profiles can write', () => {
    const policyOf = (domain: Domain): string =>
      JSON.stringify(
        findResources('AWS::IAM::Policy')[
          idOf(functionOf(domain).executionRole.node.tryFindChild('DefaultPolicy'))
        ]?.Properties.PolicyDocument,
      );
    const catalog = policyOf('catalog');
    expect(catalog).toContain('dynamodb:Query');
    for (const write of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'dynamodb:*']) {
      expect(catalog).not.toContain(write);
    }
    // S3: only reading the browse snapshot under catalog/ of the files bucket.
    const s3Statements = (
      JSON.parse(catalog) as { Statement: { Action: string | string[]; Resource: unknown }[] }
    ).Statement.filter((statement) => JSON.stringify(statement.Action).includes('s3:'));
    expect(s3Statements.map((statement) => statement.Action)).toEqual(['s3:GetObject']);
    const resource = JSON.stringify(s3Statements[0]?.Resource);
    expect(resource).toContain(idOf(synthesised.stack.data.mvpFilesBucket));
    expect(resource).toContain('"/catalog/*"');
    expect(policyOf('profiles')).toContain('dynamodb:PutItem');
    // The builds' pictures: the security and sellers functions read them, beside the records
    // only, and nothing else of the live previews' bucket; the sellers function writes the copy
    // under the templates' preview folder.
    for (const domain of ['security', 'sellers'] as const) {
      const policy = policyOf(domain);
      expect(policy).toContain('/records/*/screenshot-*.png');
      expect(policy).not.toContain('/records/*"');
      expect(policy).not.toContain('/sites/');
    }
    expect(policyOf('sellers')).toContain('"/previews/mvps/*"');
    expect(policyOf('security')).not.toContain('s3:PutObject');
    // No function role carries an AWS-managed policy.
    for (const domain of domains) {
      const roleId = idOf(functionOf(domain).executionRole);
      expect(findResources('AWS::IAM::Role')[roleId]?.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });
});

describe('web', () => {
  it('serves the site bucket through OAC with index.html and the SPA rewrite function', () => {
    synthesised.template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    synthesised.template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    synthesised.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
    const [fn] = Object.values(findResources('AWS::CloudFront::Function'));
    expect(String(fn?.Properties.FunctionCode)).toContain("'/index.html'");
  });

  it('routes /api/* to the HTTP API uncached and /previews/* to the preview bucket via OAC', () => {
    const [distribution] = Object.values(findResources('AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
    };
    const behaviour = (pattern: string) =>
      config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
    const originOf = (pattern: string) =>
      config.Origins.find((origin) => origin.Id === behaviour(pattern)?.TargetOriginId);

    expect(behaviour('/api/*')).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
    });
    const apiId = idOf(synthesised.stack.api.httpApi);
    expect(JSON.stringify(originOf('/api/*')?.DomainName)).toContain(`{"Ref":"${apiId}"}`);

    expect(behaviour('/previews/*')).toBeDefined();
    const previewsBucket = idOf(synthesised.stack.data.previewImagesBucket);
    expect(JSON.stringify(originOf('/previews/*')?.DomainName)).toContain(previewsBucket);
    expect(originOf('/previews/*')?.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [expect.any(String), 'Id'],
    });
  });

  it('writes config.json at deploy time with the cloud contract', () => {
    synthesised.template.resourceCountIs('Custom::CDKBucketDeployment', 1);
    const config = synthesised.stack.web.siteConfig;
    expect(synthesised.stack.resolve(config)).toEqual({
      mode: 'cloud',
      region: { Ref: 'AWS::Region' },
      userPoolId: { Ref: idOf(synthesised.stack.auth.userPool) },
      userPoolClientId: { Ref: idOf(synthesised.stack.auth.webClient) },
      apiBaseUrl: '/api',
      betaAccess: false,
      launchAt: '2025-08-01T00:00:00Z',
      paymentsMode: 'stripe',
    });
    // The deployment substitutes the pool ids and region into the uploaded JSON.
    synthesised.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SourceMarkers: [
        Match.objectLike({
          '<<marker:0xbaba:0>>': { Ref: 'AWS::Region' },
        }),
      ],
      DestinationBucketName: { Ref: idOf(synthesised.stack.web.siteBucket) },
    });
  });

  it('takes betaAccess, launchAt and the Stripe prices from context', () => {
    const custom = synthApp({
      betaAccess: true,
      launchAt: '2026-01-01T00:00:00Z',
      stripePricePro: 'price_1ProMonthly',
    });
    expect(custom.stack.web.siteConfig).toMatchObject({
      betaAccess: true,
      launchAt: '2026-01-01T00:00:00Z',
      paymentsMode: 'stripe',
    });
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STRIPE_PRICE_PRO: 'price_1ProMonthly' }) },
    });
    expect(() => synthApp({ stripePricePro: 'not-a-price' })).toThrow(/Stripe price id/);
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ BETA_ACCESS_ENABLED: 'true' }) },
    });
  });

  it('outputs the site URL, API URL, pool ids, table and bucket names', () => {
    const outputs = Object.keys(synthesised.template.findOutputs('*'));
    expect(outputs.sort()).toEqual(
      [
        'AlarmTopicArn',
        'ApiUrl',
        'BuyerDeployStateMachineArn',
        'MailIdentity',
        'MvpFilesBucketName',
        'GithubSyncStateMachineArn',
        'NewsletterStateMachineArn',
        'PayoutsStateMachineArn',
        'PreviewImagesBucketName',
        'ProcessingStateMachineArn',
        'SiteBucketName',
        'SiteUrl',
        'TableName',
        'UserPoolClientId',
        'UserPoolId',
        // Version builds and live previews (docs/operations.md, "Version builds and previews").
        'VersionBuildProject',
        'VersionBuildLogGroup',
        'LivePreviewsUrl',
        'LivePreviewsBucketName',
        'PreviewSigningKeySecretArn',
        'PreviewPublicKeyIds',
      ].sort(),
    );
  });
});

/**
 * The physical design of the single table, read by the CDK data stack and by the local stack when
 * it creates the table in DynamoDB Local, and by the data-access layer (`lambdas/shared/db/`). The
 * logical design (entities, key templates and every access pattern) lives in the entity files
 * under `lambdas/shared/db/entities/` and in docs/data-model.md.
 *
 * Index attributes are generic (`gsi1pk`, `gsi1sk`, ...) because several entities overload each
 * index; each entity names its use of an index after the access pattern it serves.
 */
export interface IndexDesign {
  readonly indexName: string;
  readonly partitionKey: string;
  readonly sortKey: string;
}

export const tableDesign = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items such as idempotency records and expired claims carry an epoch-seconds TTL here. */
  timeToLiveAttribute: 'expires_at',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ] satisfies readonly IndexDesign[],
} as const;

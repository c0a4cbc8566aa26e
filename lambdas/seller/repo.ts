/**
 * Seller workspace data access: one function per access pattern (docs/data-model.md §3.3 M1–M6,
 * V1, and §3.15 A1). Multi-item writes go through the ElectroDB service as one transaction, so a
 * template never exists without its version row, and a status never moves without its condition.
 */
import type { EntityItem } from 'electrodb';
import type { MvpStatus } from '../shared/contracts/catalog';
import { MvpEntity } from '../shared/db/entities/mvp';
import { MvpVersionEntity } from '../shared/db/entities/mvp-version';
import { SellerApplicationEntity } from '../shared/db/entities/seller-application';
import { mvpStatusCounterWrites } from '../shared/db/mvp-status-counter';
import { db } from '../shared/db/service';

export type MvpItem = EntityItem<typeof MvpEntity>;
export type MvpVersionItem = EntityItem<typeof MvpVersionEntity>;
export type SellerApplicationItem = EntityItem<typeof SellerApplicationEntity>;

/** A transaction was refused: `index` is the first rejected item, in the order written. */
export class TransactionRefusedError extends Error {
  constructor(
    readonly index: number,
    readonly code: string | undefined,
  ) {
    super(`Transaction refused at item ${index} (${code ?? 'unknown'}).`);
    this.name = 'TransactionRefusedError';
  }
}

interface TransactionResult {
  canceled: boolean;
  data: readonly { rejected: boolean; code?: string }[];
}

const assertCommitted = (result: TransactionResult): void => {
  if (!result.canceled) return;
  const index = result.data.findIndex((item) => item.rejected);
  throw new TransactionRefusedError(index, result.data[index]?.code);
};

/** A1: store (or replace) the user's application. */
export const putSellerApplication = async (item: SellerApplicationItem): Promise<void> => {
  await SellerApplicationEntity.put(item).go();
};

/** M1: a template by id, strongly consistent (edit and status changes follow our own writes). */
export const getMvpById = async (id: string): Promise<MvpItem | null> => {
  const { data } = await MvpEntity.get({ id }).go({ consistent: true });
  return data;
};

/** M6: the seller's templates, newest first (all pages: a seller has tens, not thousands). */
export const listMvpsBySeller = async (sellerId: string): Promise<MvpItem[]> => {
  const { data } = await MvpEntity.query
    .bySeller({ seller_id: sellerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** V1 (first item): the newest version of a template. */
export const getLatestVersion = async (mvpId: string): Promise<MvpVersionItem | null> => {
  const { data } = await MvpVersionEntity.query
    .byMvp({ mvp_id: mvpId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};

/** M2: the template (pending_review), its first version and the `mvps` counter, all or none. */
export const createMvpWithVersion = async (
  mvp: MvpItem,
  version: MvpVersionItem,
): Promise<void> => {
  const result = await db.transaction
    .write((entities) => [
      entities.mvp.create(mvp).commit(),
      entities.mvpVersion.create(version).commit(),
      ...mvpStatusCounterWrites(entities, null, mvp.status, mvp.created_at),
    ])
    .go();
  assertCommitted(result);
};

/** The catalog bump that goes with a write (docs/data-model.md §3.17 C2). */
export interface CatalogBump {
  approvedDelta: number;
  now: string;
}

type Entities = Parameters<Parameters<typeof db.transaction.write>[0]>[0];

const catalogBumpWrite = (
  { catalogVersion }: Pick<Entities, 'catalogVersion'>,
  bump: CatalogBump,
) =>
  catalogVersion
    .upsert({ name: 'catalog' })
    .add({ version: 1, approved_count: bump.approvedDelta })
    .set({ updated_at: bump.now })
    .commit();

export interface NewVersionWrite {
  mvpId: string;
  /** The status read before; the write is refused if it moved meanwhile. */
  fromStatus: MvpStatus;
  set: Partial<MvpItem>;
  remove: (keyof MvpItem)[];
  version: MvpVersionItem;
  /** Given when the template leaves (or changes inside) the approved catalog. */
  catalogBump: CatalogBump | null;
}

/**
 * M3: a new version (also a replaced file on edit): the template's current-version fields and
 * status pending_review, the immutable version row, the `mvps` counter move, and the catalog bump
 * when an approved template leaves the catalog for processing, in one transaction.
 */
export const writeNewVersion = async (write: NewVersionWrite): Promise<void> => {
  const result = await db.transaction
    .write((entities) => [
      patchMvp(entities, write.mvpId, write.fromStatus, write.set, write.remove),
      entities.mvpVersion.create(write.version).commit(),
      ...statusCounterWrites(entities, write),
      ...(write.catalogBump ? [catalogBumpWrite(entities, write.catalogBump)] : []),
    ])
    .go();
  assertCommitted(result);
};

const patchMvp = (
  { mvp }: Pick<Entities, 'mvp'>,
  id: string,
  fromStatus: MvpStatus,
  set: Partial<MvpItem>,
  remove: (keyof MvpItem)[],
) => {
  const patch = mvp.patch({ id }).set(set);
  // ElectroDB's remove() needs a non-empty list; only call it when something goes away.
  const withRemove = remove.length > 0 ? patch.remove(remove as never) : patch;
  return withRemove.where(({ status }, { eq }) => eq(status, fromStatus)).commit();
};

export interface MvpPatchWrite {
  mvpId: string;
  fromStatus: MvpStatus;
  set: Partial<MvpItem>;
  remove: (keyof MvpItem)[];
  catalogBump: CatalogBump | null;
}

/** The `mvps` counter items when `set.status` moves the template (none for a field edit). */
const statusCounterWrites = (
  entities: Pick<Entities, 'counter'>,
  write: Pick<MvpPatchWrite, 'fromStatus' | 'set'>,
) =>
  write.set.status
    ? mvpStatusCounterWrites(
        entities,
        write.fromStatus,
        write.set.status,
        write.set.updated_at ?? new Date().toISOString(),
      )
    : [];

/**
 * M4 and M5: change fields or move the status, conditioned on the status read before, with the
 * `mvps` counter move and the catalog bump in the same transaction when they are affected.
 */
export const patchMvpWithCatalog = async (write: MvpPatchWrite): Promise<void> => {
  const result = await db.transaction
    .write((entities) => [
      patchMvp(entities, write.mvpId, write.fromStatus, write.set, write.remove),
      ...statusCounterWrites(entities, write),
      ...(write.catalogBump ? [catalogBumpWrite(entities, write.catalogBump)] : []),
    ])
    .go();
  assertCommitted(result);
};

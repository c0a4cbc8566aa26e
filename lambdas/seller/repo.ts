/**
 * Seller workspace data access: one function per access pattern (docs/data-model.md §3.3 M1–M6,
 * V1, and §3.15 A1). Multi-item writes are one transaction, so a template never exists without its
 * version row, and a status never moves without its condition.
 */
import type { MvpStatus } from '../shared/contracts/catalog';
import { MvpEntity, type MvpItem } from '../shared/db/entities/mvp';
import { MvpVersionEntity, type MvpVersionItem } from '../shared/db/entities/mvp-version';
import {
  SellerApplicationEntity,
  type SellerApplicationItem,
} from '../shared/db/entities/seller-application';
import { mvpStatusCounterWrites } from '../shared/db/mvp-status-counter';
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { transactWrite, type TransactionResult } from '../shared/db/transaction';

export type { MvpItem };
export type { MvpVersionItem };
export type { SellerApplicationItem };

/** A transaction was refused: `item` names the first item that failed, with DynamoDB's code. */
export class TransactionRefusedError extends Error {
  constructor(
    readonly item: string,
    readonly code: string | undefined,
  ) {
    super(`Transaction refused at ${item} (${code ?? 'unknown'}).`);
    this.name = 'TransactionRefusedError';
  }
}

const assertCommitted = (result: TransactionResult): void => {
  if (!result.canceled) return;
  const [item, code] = Object.entries(result.codes).find(([, value]) => value !== 'None') ?? [
    'unknown',
    undefined,
  ];
  throw new TransactionRefusedError(item, code);
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
  const result = await transactWrite({
    mvp: MvpEntity.create(mvp),
    version: MvpVersionEntity.create(version),
    statusCounter: mvpStatusCounterWrites(null, mvp.status, mvp.created_at),
  });
  assertCommitted(result);
};

/** The catalog bump that goes with a write (docs/data-model.md §3.17 C2). */
export interface CatalogBump {
  approvedDelta: number;
  now: string;
}

const catalogBumpWrite = (bump: CatalogBump | null) =>
  bump &&
  CatalogVersionEntity.upsert({ name: 'catalog' })
    .add({ version: 1, approved_count: bump.approvedDelta })
    .set({ updated_at: bump.now });

export interface NewVersionWrite {
  mvpId: string;
  /** The status read before; the write is refused if it moved meanwhile. */
  fromStatus: MvpStatus;
  set: Partial<MvpItem>;
  remove: (keyof MvpItem & string)[];
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
  const result = await transactWrite({
    mvp: patchMvp(write.mvpId, write.fromStatus, write.set, write.remove),
    version: MvpVersionEntity.create(write.version),
    statusCounter: statusCounterWrites(write),
    catalog: catalogBumpWrite(write.catalogBump),
  });
  assertCommitted(result);
};

const patchMvp = (
  id: string,
  fromStatus: MvpStatus,
  set: Partial<MvpItem>,
  remove: (keyof MvpItem & string)[],
) =>
  MvpEntity.patch({ id })
    .set(set)
    .remove(remove)
    .where(({ status }, { eq }) => eq(status, fromStatus));

export interface MvpPatchWrite {
  mvpId: string;
  fromStatus: MvpStatus;
  set: Partial<MvpItem>;
  remove: (keyof MvpItem & string)[];
  catalogBump: CatalogBump | null;
}

/** The `mvps` counter items when `set.status` moves the template (none for a field edit). */
const statusCounterWrites = (write: Pick<MvpPatchWrite, 'fromStatus' | 'set'>) =>
  write.set.status
    ? mvpStatusCounterWrites(
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
  const result = await transactWrite({
    mvp: patchMvp(write.mvpId, write.fromStatus, write.set, write.remove),
    statusCounter: statusCounterWrites(write),
    catalog: catalogBumpWrite(write.catalogBump),
  });
  assertCommitted(result);
};

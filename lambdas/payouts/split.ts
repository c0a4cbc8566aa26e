/**
 * The monthly split (see docs/product.md, Payouts): pure arithmetic,
 * no I/O.
 *
 * - The month's subscription pool is shared between the sellers (70%, in proportion to their
 *   downloads) and the platform (30%). Each part's exact value is a rational number; the parts are
 *   rounded to pence with **largest-remainder rounding** over all of them together, the platform
 *   being one of the parts: every part is its exact value rounded down or up (never further than a
 *   penny), and the parts add up to the pool exactly.
 * - Each seller's one-time sales are split the same way into 70% seller / 30% platform, so the two
 *   parts add up to the sales.
 *
 * All products are BigInt: a pool of 10^12 pence times 10^7 downloads times 7,000 basis points is
 * far beyond 2^53. Ties between equal remainders go to sellers before the platform, and between
 * sellers to the lower seller id, so the same month always splits the same way.
 */
import { BPS, SELLER_SHARE_BPS } from '../../contract/payouts';

export interface SellerMonth {
  sellerId: string;
  /** Downloads of the seller's templates in the month. */
  downloads: number;
  /** The seller's one-time sales in the month, net of refunds (pence). */
  oneTimeSales: number;
}

export interface SellerEarnings {
  sellerId: string;
  downloads: number;
  /** The seller's share of the pool (pence). */
  poolShare: number;
  /** The platform's 30% of the pool attributed to this seller's downloads (pence). */
  poolFee: number;
  /** One-time sales of the month (pence). */
  oneTimeSales: number;
  /** 70% of the one-time sales (pence). */
  salesShare: number;
  /** 30% of the one-time sales (pence); salesShare + salesFee = oneTimeSales. */
  salesFee: number;
  /** What the seller is paid: poolShare + salesShare. */
  commission: number;
  /** What the platform kept of this seller's revenue: poolFee + salesFee. */
  platformFee: number;
  /** The revenue the payout was computed from: commission + platformFee. */
  gross: number;
}

export interface PayoutSplit {
  /** Sellers who earned something (commission > 0), by seller id. */
  sellers: SellerEarnings[];
  /** Σ downloads of all sellers. */
  totalDownloads: number;
  /** The platform's part of the pool: pool − Σ poolShare (the whole pool when nobody downloaded). */
  platformPoolFee: number;
  /** The platform's part of all one-time sales: Σ salesFee. */
  platformSalesFee: number;
}

/** The most this module accepts for a pool or a seller's sales (pence): £10 billion. */
export const MAX_AMOUNT = 10 ** 12;

const PLATFORM = Symbol('platform');
type Claimant = string | typeof PLATFORM;

interface Part {
  claimant: Claimant;
  /** The exact value is numerator / denominator (the denominator is shared by all parts). */
  numerator: bigint;
}

/** Sellers before the platform, then by seller id: the order ties are broken in. */
const tieOrder = (a: Claimant, b: Claimant): number => {
  if (a === b) return 0;
  if (a === PLATFORM) return 1;
  if (b === PLATFORM) return -1;
  return a < b ? -1 : 1;
};

/**
 * Largest-remainder rounding of parts whose exact values (numerator / denominator) add up to a
 * whole number `total`: each part gets its value rounded down, and the pence left over go one
 * each to the parts with the largest remainders. A part with no remainder never gets one (the
 * remainders sum to the pence left over and each is below 1), so no part is a penny or more from
 * its exact value.
 */
export const largestRemainder = (
  parts: readonly Part[],
  denominator: bigint,
  total: bigint,
): Map<Claimant, bigint> => {
  const rounded = new Map<Claimant, bigint>();
  let allocated = 0n;
  const remainders: { claimant: Claimant; remainder: bigint }[] = [];
  for (const part of parts) {
    const floor = part.numerator / denominator;
    rounded.set(part.claimant, floor);
    allocated += floor;
    remainders.push({ claimant: part.claimant, remainder: part.numerator % denominator });
  }
  let left = total - allocated;
  if (left < 0n || left > BigInt(parts.length)) {
    throw new Error('largestRemainder: the parts do not add up to the total');
  }
  remainders.sort((a, b) =>
    a.remainder === b.remainder
      ? tieOrder(a.claimant, b.claimant)
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  for (const { claimant } of remainders) {
    if (left === 0n) break;
    rounded.set(claimant, rounded.get(claimant)! + 1n);
    left -= 1n;
  }
  return rounded;
};

const checkAmount = (value: number, what: string, max: number): bigint => {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${what} must be a whole number from 0 to ${max}, not ${value}.`);
  }
  return BigInt(value);
};

/** 70% / 30% of one amount, rounded so the two parts add up to it (ties to the seller). */
export const splitSale = (amount: number): { share: number; fee: number } => {
  const whole = checkAmount(amount, 'One-time sales', MAX_AMOUNT);
  const parts = largestRemainder(
    [
      { claimant: 'seller', numerator: whole * BigInt(SELLER_SHARE_BPS) },
      { claimant: PLATFORM, numerator: whole * BigInt(BPS - SELLER_SHARE_BPS) },
    ],
    BigInt(BPS),
    whole,
  );
  return { share: Number(parts.get('seller')), fee: Number(parts.get(PLATFORM)) };
};

/**
 * The month's split: each seller's share of `pool` by downloads and of their own one-time sales,
 * and the platform's fee. `pool` and sales in pence; see the module comment for the rounding.
 *
 * 1. Pool: parts seller_i = 7000·pool·d_i / (10000·D) and platform = 3000·pool·D / (10000·D),
 *    rounded together; with no downloads at all the whole pool is the platform's.
 * 2. The platform's part is attributed to the sellers by downloads (rounded the same way), so each
 *    payout row records the fee taken from it and the rows' fees add up to the platform's part.
 * 3. Sales: each seller's sales split 70/30 on their own.
 */
export const splitMonth = (pool: number, sellers: readonly SellerMonth[]): PayoutSplit => {
  const poolPence = checkAmount(pool, 'The pool', MAX_AMOUNT);
  const ids = new Set<string>();
  let totalDownloads = 0n;
  for (const seller of sellers) {
    if (ids.has(seller.sellerId)) throw new Error(`Seller ${seller.sellerId} is listed twice.`);
    ids.add(seller.sellerId);
    totalDownloads += checkAmount(seller.downloads, 'Downloads', Number.MAX_SAFE_INTEGER);
  }

  // 1. The sellers' and the platform's parts of the pool.
  const poolShares = new Map<Claimant, bigint>();
  const poolFees = new Map<Claimant, bigint>();
  let platformPoolFee = poolPence;
  if (totalDownloads > 0n) {
    const denominator = BigInt(BPS) * totalDownloads;
    const sellerBps = BigInt(SELLER_SHARE_BPS);
    const shares = largestRemainder(
      [
        ...sellers.map((seller) => ({
          claimant: seller.sellerId,
          numerator: sellerBps * poolPence * BigInt(seller.downloads),
        })),
        { claimant: PLATFORM, numerator: (BigInt(BPS) - sellerBps) * poolPence * totalDownloads },
      ],
      denominator,
      poolPence,
    );
    platformPoolFee = shares.get(PLATFORM)!;
    shares.delete(PLATFORM);
    for (const [claimant, share] of shares) poolShares.set(claimant, share);

    // 2. The platform's part, attributed by downloads.
    const fees = largestRemainder(
      sellers.map((seller) => ({
        claimant: seller.sellerId,
        numerator: platformPoolFee * BigInt(seller.downloads),
      })),
      totalDownloads,
      platformPoolFee,
    );
    for (const [claimant, fee] of fees) poolFees.set(claimant, fee);
  }

  // 3. One-time sales, and the rows.
  let platformSalesFee = 0;
  const earnings: SellerEarnings[] = [];
  for (const seller of sellers) {
    const sale = splitSale(seller.oneTimeSales);
    platformSalesFee += sale.fee;
    const poolShare = Number(poolShares.get(seller.sellerId) ?? 0n);
    const poolFee = Number(poolFees.get(seller.sellerId) ?? 0n);
    const commission = poolShare + sale.share;
    if (commission === 0) continue;
    earnings.push({
      sellerId: seller.sellerId,
      downloads: seller.downloads,
      poolShare,
      poolFee,
      oneTimeSales: seller.oneTimeSales,
      salesShare: sale.share,
      salesFee: sale.fee,
      commission,
      platformFee: poolFee + sale.fee,
      gross: commission + poolFee + sale.fee,
    });
  }
  earnings.sort((a, b) => tieOrder(a.sellerId, b.sellerId));
  return {
    sellers: earnings,
    totalDownloads: Number(totalDownloads),
    platformPoolFee: Number(platformPoolFee),
    platformSalesFee,
  };
};

/**
 * The IPFS content identifier of a bundle, exactly as `ipfs add --cid-version=1 <file>` (Kubo)
 * computes it: UnixFS, fixed-size chunks of 262,144 bytes, raw leaves (implied by CID v1), a
 * balanced DAG of at most 174 links per node, sha2-256. A file of one chunk is its raw leaf.
 *
 * The blocks are hashed and thrown away as they are made: nothing is stored, so memory stays at a
 * few chunks whatever the bundle's size. Pinning (pin.ts) then asks a pinning service to fetch the
 * content by this CID; it never needs our blocks.
 */
import { importByteStream, type ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';

/** Kubo's defaults for `ipfs add` (go-ipfs `chunker.DefaultBlockSize`, `helpers.DefaultLinksPerBlock`). */
export const KUBO_CHUNK_SIZE = 262_144;
export const KUBO_LINKS_PER_NODE = 174;

const kuboAddOptions: ImporterOptions = {
  cidVersion: 1,
  rawLeaves: true,
  reduceSingleLeafToSelf: true,
  chunker: fixedSize({ chunkSize: KUBO_CHUNK_SIZE }),
  layout: balanced({ maxChildrenPerNode: KUBO_LINKS_PER_NODE }),
};

/** A blockstore that keeps nothing: the importer only needs `put` to hand back the CID. */
const discardingBlockstore = {
  put: async <T>(cid: T): Promise<T> => cid,
};

export interface ContentId {
  /** base32 CIDv1, e.g. `bafkrei…` (one chunk) or `bafybei…` (a UnixFS DAG). */
  cid: string;
  /** Bytes read. */
  size: number;
}

/** Computes the CID of a byte stream (e.g. an S3 object body) without buffering it. */
export const computeContentId = async (content: AsyncIterable<Uint8Array>): Promise<ContentId> => {
  let size = 0;
  async function* counted() {
    for await (const chunk of content) {
      size += chunk.byteLength;
      yield chunk;
    }
  }
  const result = await importByteStream(counted(), discardingBlockstore, kuboAddOptions);
  return { cid: result.cid.toString(), size };
};

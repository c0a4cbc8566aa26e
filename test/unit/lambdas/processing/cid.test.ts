/**
 * The CID must be the one `ipfs add --cid-version=1` prints, or a buyer could not fetch the bundle
 * by it from the IPFS network. Checked two independent ways:
 * 1. a published value: `printf 'hello world' | ipfs add --cid-version=1` prints
 *    bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e (IPFS docs and examples);
 * 2. by construction, with nothing but node:crypto and the formats' specifications: a one-chunk
 *    file is its raw leaf (CIDv1, codec raw 0x55, sha2-256), and a larger file is a dag-pb node
 *    linking 262,144-byte raw leaves, whose UnixFS data lists the file size and block sizes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeContentId, KUBO_CHUNK_SIZE } from '../../../../lambdas/processing/cid';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

const base32 = (bytes: Uint8Array): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
};

const varint = (n: number): number[] => {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
};

/** CIDv1 bytes: version 1, codec, multihash sha2-256 (0x12, 32 bytes). */
const cidBytes = (codec: number, bytes: Uint8Array) =>
  Buffer.from([0x01, ...varint(codec), 0x12, 0x20, ...sha256(bytes)]);
const cidString = (cid: Uint8Array) => `b${base32(cid)}`;

const field = (number: number, payload: Uint8Array | number[]) => [
  ...varint((number << 3) | 2),
  ...varint(payload.length),
  ...payload,
];

/** The dag-pb root of a file of `chunks` raw leaves (fewer than 174: one level). */
const rootCid = (chunks: Uint8Array[]): string => {
  const total = chunks.reduce((sum, c) => sum + c.length, 0);
  const unixfs = [
    ...[0x08, 0x02], // Type = File
    ...[0x18, ...varint(total)], // filesize
    ...chunks.flatMap((c) => [0x20, ...varint(c.length)]), // blocksizes
  ];
  const links = chunks.flatMap((c) =>
    field(2, [
      ...field(1, cidBytes(0x55, c)), // Hash
      ...field(2, []), // Name ""
      ...[0x18, ...varint(c.length)], // Tsize
    ]),
  );
  const node = Uint8Array.from([...links, ...field(1, unixfs)]);
  return cidString(cidBytes(0x70, node));
};

const chunked = (bytes: Uint8Array, size = 65_536) =>
  (async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })();

describe('computeContentId', () => {
  it('matches the published CID of "hello world"', async () => {
    const bytes = new TextEncoder().encode('hello world');
    const result = await computeContentId(chunked(bytes));
    expect(result).toEqual({
      cid: 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
      size: 11,
    });
    expect(result.cid).toBe(cidString(cidBytes(0x55, bytes)));
  });

  it('is a raw leaf up to one chunk, however the stream is split', async () => {
    const bytes = new Uint8Array(KUBO_CHUNK_SIZE).map((_, i) => (i * 7) % 251);
    const result = await computeContentId(chunked(bytes, 1_000));
    expect(result.cid).toBe(cidString(cidBytes(0x55, bytes)));
  });

  it('links 262,144-byte raw leaves under a UnixFS file node beyond one chunk', async () => {
    const bytes = new Uint8Array(2 * KUBO_CHUNK_SIZE + 1_234).map((_, i) => (i * 13) % 256);
    const chunks = [
      bytes.subarray(0, KUBO_CHUNK_SIZE),
      bytes.subarray(KUBO_CHUNK_SIZE, 2 * KUBO_CHUNK_SIZE),
      bytes.subarray(2 * KUBO_CHUNK_SIZE),
    ];
    const result = await computeContentId(chunked(bytes, 100_000));
    expect(result.cid).toMatch(/^bafybei/);
    expect(result.cid).toBe(rootCid(chunks));
    expect(result.size).toBe(bytes.length);
  });
});

/**
 * DynamoDB Local must not be reachable from the network: it listens on 127.0.0.1
 * only (lib/local/emulators/java/LoopbackDynamoDbLocal.java). Checked on the run's emulator through the
 * kernel's socket table, so no traffic leaves loopback.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { localCloud } from '../../fixtures/users';

describe('DynamoDB Local on this machine', () => {
  it('listens on 127.0.0.1 only, not on every interface', async () => {
    // The kernel's socket table says which address a port is bound to, without sending traffic.
    const tables = await Promise.all(
      ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => '')),
    );
    const port = Number(new URL(localCloud().dynamodbEndpoint).port);
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const listening = tables
      .join('\n')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      // local_address is column 1, state 0A is LISTEN.
      .filter((columns) => columns[1]?.endsWith(`:${hexPort}`) && columns[3] === '0A')
      .map((columns) => columns[1]!.split(':')[0]!);
    expect(listening.length).toBeGreaterThan(0);
    for (const address of listening) {
      // 127.0.0.1 as IPv4 (0100007F) or IPv4-mapped IPv6 (…FFFF0000 + 0100007F); never all zeros.
      expect(address.endsWith('0100007F')).toBe(true);
    }
  });
});

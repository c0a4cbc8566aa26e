import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertJava,
  assertPortFree,
  DYNAMODB_LOCAL_JVM_OPTIONS,
  dynamoDbLocalCommand,
  LocalStackError,
  parseConfirmationCodes,
  parseJavaVersion,
} from '../../../lib/local/emulators/index';

describe('parseJavaVersion', () => {
  it('reads modern and legacy version strings', () => {
    expect(parseJavaVersion('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaVersion('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaVersion('java version "1.8.0_392"')).toBe(8);
    expect(parseJavaVersion('something else')).toBeUndefined();
  });
});

describe('assertJava', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('names the fix when java is missing', () => {
    process.env.PATH = '/nonexistent';
    expect(() => assertJava()).toThrow(LocalStackError);
    expect(() => assertJava()).toThrow(/apt-get install -y openjdk-17-jre-headless/);
  });
});

describe('assertPortFree', () => {
  let blocker: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((done) => (blocker ? blocker.close(() => done()) : done()));
    blocker = undefined;
  });

  it('says which port is taken and which variable picks another', async () => {
    blocker = createServer();
    await new Promise<void>((done) =>
      blocker!.listen({ port: 0, host: 'localhost' }, () => done()),
    );
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const failure = assertPortFree(port, 'the web server', 'PORT');
    await expect(failure).rejects.toBeInstanceOf(LocalStackError);
    await expect(assertPortFree(port, 'the web server', 'PORT')).rejects.toThrow(
      `Port ${port} (the web server) is already in use. Stop whatever is using it, or choose another port: PORT=<port> npm start`,
    );
  });

  it('resolves for a free port', async () => {
    blocker = createServer();
    await new Promise<void>((done) =>
      blocker!.listen({ port: 0, host: 'localhost' }, () => done()),
    );
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((done) => blocker!.close(() => done()));
    blocker = undefined;
    await expect(assertPortFree(port, 'x', 'X_PORT')).resolves.toBeUndefined();
  });
});

describe('parseConfirmationCodes', () => {
  it('finds the destination and code in cognito-local output, colours and box included', () => {
    const output = [
      '[12:00:00] INFO: abc NONE \u001b[33m╭──────────────────────────────╮\u001b[39m',
      '\u001b[33m│\u001b[39m   Confirmation Code Delivery   \u001b[33m│\u001b[39m',
      '\u001b[33m│\u001b[39m   Username:    0b59-uuid       \u001b[33m│\u001b[39m',
      '\u001b[33m│\u001b[39m   Destination: new@x.io        \u001b[33m│\u001b[39m',
      '\u001b[33m│\u001b[39m   Code:        418361          \u001b[33m│\u001b[39m',
      '\u001b[33m╰──────────────────────────────╯\u001b[39m',
      '│   Confirmation Code Delivery   │',
      '│   Destination: other@x.io      │',
      '│   Code:        000111          │',
      '╰──────╯',
    ].join('\n');
    expect(parseConfirmationCodes(output)).toEqual([
      { email: 'new@x.io', code: '418361' },
      { email: 'other@x.io', code: '000111' },
    ]);
    expect(parseConfirmationCodes('nothing here')).toEqual([]);
  });
});

describe('dynamoDbLocalCommand', () => {
  it('runs the compiled loopback launcher, telemetry off, with the client compiler only', () => {
    const command = dynamoDbLocalCommand(
      { port: 8123, path: '/data/db' },
      { compiledIn: '/cache/abc' },
    );
    expect(command.loopbackOnly).toBe(true);
    expect(command.args).toEqual(
      expect.arrayContaining(['-port', '8123', '-sharedDb', '-disableTelemetry', '-dbPath']),
    );
    const classpath = command.args[command.args.indexOf('-cp') + 1]!;
    expect(classpath.split(':')[0]).toBe('/cache/abc');
    expect(command.args[command.args.indexOf('-cp') + 2]).toBe('LoopbackDynamoDbLocal');
    expect(command.args.slice(0, 2)).toEqual(DYNAMODB_LOCAL_JVM_OPTIONS);
    expect(command.args).not.toContain('-jar');
  });

  it('runs the launcher from its source when it could not be compiled', () => {
    const command = dynamoDbLocalCommand({ port: 8125 }, 'source');
    expect(command.loopbackOnly).toBe(true);
    expect(command.args.some((arg) => arg.endsWith('LoopbackDynamoDbLocal.java'))).toBe(true);
  });

  it('falls back to the plain jar (every interface) without a compiler module, in memory without a path', () => {
    const command = dynamoDbLocalCommand({ port: 8124 }, 'jar');
    expect(command.loopbackOnly).toBe(false);
    expect(command.args).toContain('-jar');
    expect(command.args).toContain('-inMemory');
  });
});

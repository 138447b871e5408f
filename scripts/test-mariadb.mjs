// A MariaDB for the test run only: its data on tmpfs (/dev/shm) and durability relaxed
// (innodb_flush_log_at_trx_commit=2, no doublewrite, no binary log), so a commit is not a disk
// flush. Production settings and the operator's docs are untouched: this server lives for one run
// and is removed after it. Without mariadbd and mariadb-install-db (or when it will not start) the
// caller falls back to the server on 127.0.0.1:3306.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find((p) => existsSync(p));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function ping(socket) {
  try {
    execFileSync('mysqladmin', ['--no-defaults', `--socket=${socket}`, '-uroot', 'ping'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts the run's MariaDB; answers `{ url, stop() }`, or null when it cannot (the reason is printed). */
export async function startTestMariaDb() {
  if (!existsSync(MARIADBD) || !INSTALL_DB) {
    console.log('• No mariadbd/mariadb-install-db here: the tests use the MariaDB on 127.0.0.1:3306.');
    return null;
  }
  const base = existsSync('/dev/shm') ? '/dev/shm' : undefined;
  const dir = mkdtempSync(join(base ?? '/tmp', 'ta-mariadb-'));
  const data = join(dir, 'data');
  const socket = join(dir, 'mysqld.sock');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=mysql'] : [];
  let child = null;
  const stop = async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          r();
        });
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asRoot) execFileSync('chown', ['mysql:mysql', dir]);
    execFileSync(
      INSTALL_DB,
      [
        '--no-defaults',
        `--datadir=${data}`,
        ...user,
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
        '--innodb-flush-log-at-trx-commit=2',
        '--innodb-doublewrite=0',
        '--innodb-use-native-aio=0',
      ],
      { stdio: 'ignore' },
    );
    const port = await freePort();
    child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${socket}`,
        `--pid-file=${join(dir, 'mysqld.pid')}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        ...user,
        '--skip-name-resolve',
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_general_ci',
        '--skip-log-bin',
        '--innodb-flush-log-at-trx-commit=2',
        '--innodb-doublewrite=0',
        '--innodb-use-native-aio=0',
        '--innodb-buffer-pool-size=512M',
        '--max-connections=1000',
        `--log-error=${join(dir, 'error.log')}`,
      ],
      { stdio: 'ignore', detached: false },
    );
    const deadline = Date.now() + 30_000;
    while (!ping(socket)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('mariadbd did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    // Root without a password over TCP from 127.0.0.1, as on the machine's own server.
    execFileSync('mysql', [
      '--no-defaults',
      `--socket=${socket}`,
      '-uroot',
      '-e',
      "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;",
    ]);
    return { url: `mysql://root@127.0.0.1:${port}/`, stop };
  } catch (e) {
    console.log(`• The test MariaDB on tmpfs did not start (${e.message}): the tests use the MariaDB on 127.0.0.1:3306.`);
    await stop();
    return null;
  }
}

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite is PostgreSQL inside this process, with no postmaster to stop a second process from
 * opening the same files, which would corrupt them. A lock file holding our process id keeps a
 * second server away; a lock left by a process that no longer runs (killed, crashed) is taken over.
 * Process ids are only comparable on one machine: do not share DATA_DIR between machines.
 */
export function acquirePgliteLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(lockPath);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `The database at ${lockPath.replace(/\.lock$/, '')} is in use by process ${holder}. ` +
            'Stop that server first, or give this one another DATA_DIR.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}.`);
}

function lockHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import fs from "node:fs";

/**
 * Makes a file or folder of this process's owner its owner's only (`mode`, 0600 or 0700) when it is looser; one
 * that does not exist is left alone. What the process creates is covered by its umask (utils/env.server.ts); this
 * tightens what an older version left.
 */
export function tightenToOwner(target: string, mode: 0o600 | 0o700): void {
  try {
    const stat = fs.statSync(target);
    if ((stat.mode & 0o077) !== 0 && stat.uid === process.getuid?.()) fs.chmodSync(target, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh tmpfs of `size` (such as '4m'), read-only if asked: a real small or
 * read-only disk. Undefined, with the reason printed, where mounting is not allowed
 * (it needs root); the caller then skips.
 */
export async function mountTmpfs(size: string, options: { readOnly?: boolean } = {}): Promise<string | undefined> {
  const mountPoint = await mkdtemp(join(tmpdir(), 'collab-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${options.readOnly ? ',ro' : ''}`, 'tmpfs', mountPoint], {
      stdio: 'pipe',
    });
    return mountPoint;
  } catch (error) {
    console.log(
      `      skipped: cannot mount a tmpfs here (needs root): ${String((error as Error).message).split('\n')[0]}`,
    );
    await rm(mountPoint, { recursive: true, force: true });
    return undefined;
  }
}

export async function unmountTmpfs(mountPoint: string): Promise<void> {
  execFileSync('umount', [mountPoint], { stdio: 'ignore' });
  await rm(mountPoint, { recursive: true, force: true });
}

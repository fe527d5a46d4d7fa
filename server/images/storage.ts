// Stores processed images under their content hash. Local disk here; S3-compatible storage
// implements the same interface in a multi-machine deployment (DESIGN section 3).

import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStore {
  /** Writes WebP bytes and resolves to their public URL (/uploads/<sha256>.webp). */
  put(webp: Buffer): Promise<string>;
}

export function diskImageStore(dir: string): ImageStore {
  return {
    async put(webp) {
      const hash = createHash('sha256').update(webp).digest('hex');
      const name = `${hash}.webp`;
      const target = path.join(dir, name);
      await mkdir(dir, { recursive: true });
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        // Write then rename, so a crash never leaves a half-written image under its final name.
        const tmp = `${target}.${process.pid}.tmp`;
        await writeFile(tmp, webp);
        await rename(tmp, target);
      }
      return `/uploads/${name}`;
    },
  };
}

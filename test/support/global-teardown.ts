import fs from 'node:fs';
import type { Database } from '../../src/storage/orm';

export default async function globalTeardown() {
  const state = (globalThis as Record<string, unknown>).__outreachTestDb as { db: Database; dataDir: string; compiled: string } | undefined;
  if (!state) return;
  await state.db.close();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(state.compiled, { recursive: true, force: true });
}

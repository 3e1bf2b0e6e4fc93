// A dispatcher in a process of its own, for tests that kill one mid-send: one dispatch tick for one
// workspace at a fixed time, against the test database (the test watches the database to know when the
// emails are in hand).
// Env: TEST_DATABASE_URL, TEST_DATA_DIR, WORKSPACE_ID, NOW (ISO instant), PUBLIC_URL.
import 'reflect-metadata';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { startTestService } from './service';

async function main() {
  const now = new Date(process.env.NOW!);
  const service = await startTestService({
    clock: { now: () => new Date(now) },
    env: { PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://links.example.test', ALLOW_PRIVATE_FETCH: 'true' },
  });
  const report = await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [process.env.WORKSPACE_ID!] });
  console.log(JSON.stringify(report));
  await service.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

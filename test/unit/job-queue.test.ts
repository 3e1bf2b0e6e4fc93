// The job queue port before, while and after a runner is attached (src/runtime/job-queue.ts).
import { DeferredJobQueue, type JobData } from '../../src/runtime/job-queue';

it('holds runs queued before the runner attaches and hands them over first, in order', async () => {
  const queue = new DeferredJobQueue();
  await queue.enqueue('a', { id: 1 });
  await queue.enqueue('b', { id: 2 });
  expect(queue.held).toEqual([
    { name: 'a', data: { id: 1 } },
    { name: 'b', data: { id: 2 } },
  ]);

  const ran: [string, JobData][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const attached = queue.attach(async (name, data) => {
    if (name === 'a') await gate; // a run queued while the held ones are handed over still comes after them
    ran.push([name, data]);
  });
  const late = queue.enqueue('c', { id: 3 });
  release();
  await attached;
  await late;
  expect(ran.map(([name]) => name)).toEqual(['a', 'b', 'c']);
  expect(queue.held).toEqual([]);

  await queue.enqueue('d', {});
  expect(ran.map(([name]) => name)).toEqual(['a', 'b', 'c', 'd']);
});

it('passes on the runner refusing a run, and throws once the runner stopped', async () => {
  const queue = new DeferredJobQueue();
  await queue.attach(async (name) => {
    if (name === 'unknown') throw new Error('No job is registered under the name "unknown".');
  });
  await expect(queue.enqueue('unknown', {})).rejects.toThrow(/No job is registered/);
  queue.detach();
  await expect(queue.enqueue('known', {})).rejects.toThrow(/after the job runner stopped/);
});

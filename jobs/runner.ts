// The Agenda adapter: jobs live in PostgreSQL (same database) by default, in MongoDB when MONGODB_URL
// is set. Each job file exports a definition; jobs carry ids, re-read state and are safe to run twice.
import { Agenda, type Job } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { PostgresBackend } from '@agendajs/postgres-backend';
import type { AppDeps } from '../src/context';
import type { JobDefinition } from '../src/job';
import { heartbeatJob } from './heartbeat.job';

export const MONGODB_SELECT_MS = 5_000;

export interface JobRunner {
  agenda: Agenda;
  stop(): Promise<void>;
}

/** Starts Agenda with the modules' jobs (src/app-module.ts) and the runner's own heartbeat. */
export async function startJobs(deps: AppDeps, databaseUrl: string, moduleJobs: readonly JobDefinition[]): Promise<JobRunner> {
  const backend = deps.config.mongodbUrl
    ? // A MongoDB that does not answer within a few seconds at start-up is down: say so instead of
      // waiting out the driver's 30 s default.
      new MongoBackend({ address: deps.config.mongodbUrl, options: { serverSelectionTimeoutMS: MONGODB_SELECT_MS } })
    : new PostgresBackend({ connectionString: databaseUrl, tableName: 'agenda_jobs' });
  // Connected here, once, before Agenda sees the backend: Agenda connects in its constructor without
  // handling a failure, so a database that is down would become an unhandled rejection and a start()
  // waiting forever. Its own connect() then gets this same connection.
  const connected = backend.connect();
  backend.connect = () => connected;
  await connected;
  const jobDefinitions: JobDefinition[] = [heartbeatJob, ...moduleJobs];
  const agenda = new Agenda({ backend, processEvery: '5 seconds', defaultConcurrency: 5 });
  agenda.on('error', (err: Error) => deps.log.error('job runner error', { err: String(err) }));
  for (const def of jobDefinitions) {
    agenda.define(
      def.name,
      async (job: Job) => {
        try {
          await def.run(deps, job.attrs.data);
        } catch (err) {
          deps.log.error('job failed', { job: def.name, id: String(job.attrs._id), err: String((err as Error)?.stack ?? err) });
          throw err;
        }
      },
      { concurrency: def.concurrency },
    );
  }
  await agenda.start();
  for (const def of jobDefinitions) {
    if (def.every) await agenda.every(def.every, def.name, undefined, { skipImmediate: false });
  }
  // deps.jobs.enqueue(name, data) lands here from now on (src/job-queue.ts holds what came before).
  await deps.jobs.attach(async (name, data) => {
    if (!agenda.definitions[name]) throw new Error(`No job is registered under the name "${name}".`);
    await agenda.now(name, data);
  });
  return {
    agenda,
    async stop() {
      // Finish what is running (bounded; a tick stops claiming at once and finishes the emails on the
      // wire), then release the rest for another worker.
      for (const def of jobDefinitions) def.stop?.();
      await agenda.drain(70_000).catch(() => undefined);
      deps.jobs.detach();
      await agenda.stop(true);
    },
  };
}

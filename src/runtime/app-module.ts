// One manifest per area (conventions.md "One folder per area, one manifest"): each
// src/modules/<area>/index.ts exports an AppModule naming everything the area contributes, and the
// composition root walks the ordered list in src/modules/index.ts once. Adding an area is its folder
// plus one line in that list; nothing depends on which file happens to be imported first.
import type { AnyEntity, EntityClass } from '@mikro-orm/core';
import type { ApiRoute } from '../contracts/api-route';
import type { Config } from './config';
import { Extensions, type Contribution } from './extensions';
import type { JobDefinition } from './job';

export interface AppModule {
  /** The area's name; also its tag in the API reference. */
  name: string;
  /** One line for the API reference's tag. */
  description: string;
  entities?: EntityClass<AnyEntity>[];
  /** type-graphql resolver classes. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  /** REST contracts (src/contracts/api-route.ts), mounted under /api. */
  routes?: ApiRoute[];
  /** Background jobs; built per service instance (a job may hold state such as "stopping"). */
  jobs?: (config: Config) => JobDefinition[];
  /** What this area adds to other areas' use cases, each at the extension point their owner declares
   *  (src/runtime/extensions.ts): launch refusals and warnings (campaigns/launch-check.ts), a lead's timeline
   *  entries (leads/lead-timeline.ts), what follows a lead import (leads/import/after-import.ts), an interest
   *  change (leads/lifecycle/interest-change.ts), a lead's completion (leads/lifecycle/lead-completed.ts)
   *  or a reply batch (replies/ingest/after-ingest.ts). */
  contributes?: Contribution[];
}

/** What the composition root gathered from every manifest, in list order. */
export interface ModuleContributions {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers: Function[];
  routes: ApiRoute[];
  entities: EntityClass<AnyEntity>[];
  jobs: (config: Config) => JobDefinition[];
  /** Every area's contributions per extension point (AppDeps.extensions). */
  extensions: Extensions;
  /** Area name and description of each route, for the API reference's tags. */
  tags: { name: string; description: string; routes: ApiRoute[] }[];
}

export function collectModules(modules: readonly AppModule[]): ModuleContributions {
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`two modules are named ${m.name}`);
    names.add(m.name);
  }
  return {
    resolvers: modules.flatMap((m) => m.resolvers ?? []),
    routes: modules.flatMap((m) => m.routes ?? []),
    entities: modules.flatMap((m) => m.entities ?? []),
    jobs: (config) => modules.flatMap((m) => m.jobs?.(config) ?? []),
    extensions: new Extensions(modules.flatMap((m) => m.contributes ?? [])),
    tags: modules.filter((m) => m.routes?.length).map((m) => ({ name: m.name, description: m.description, routes: m.routes ?? [] })),
  };
}

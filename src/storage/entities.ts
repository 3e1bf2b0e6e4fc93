// Every entity the ORM knows: those the module manifests name (src/modules/index.ts). A new area lists
// its entities in its manifest (and adds a migration under migrations/).
import { collectModules } from '../runtime/app-module';
import { appModules } from '../modules';

export const entities = collectModules(appModules).entities;

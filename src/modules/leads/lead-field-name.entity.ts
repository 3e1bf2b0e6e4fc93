import { Entity, ManyToOne, PrimaryKey, type Ref } from '@mikro-orm/core';
import { Workspace } from '../accounts/workspace.entity';

/**
 * Every lead field name (key of `lead.vars`) that a lead of the workspace has had, spelt as written.
 * Kept by triggers on `lead` (see the lead_field_names migration), never written by code: an insert
 * however made (ORM, import SQL) and an update that gives a lead a field it lacked add their names in
 * the same transaction. Names are never taken out when the last lead holding one goes, so this is a
 * superset of the names leads have: a reader must check leads for a name it finds here, but may rely
 * on a name missing here being on no lead. Merge-check (checks.queries.ts) reads it to learn which
 * other spellings of a merge field it must look for, instead of reading every lead's keys.
 */
@Entity()
export class LeadFieldName {
  @ManyToOne(() => Workspace, { ref: true, primary: true, deleteRule: 'cascade' })
  workspace!: Ref<Workspace>;

  @PrimaryKey({ type: 'text' })
  name!: string;
}

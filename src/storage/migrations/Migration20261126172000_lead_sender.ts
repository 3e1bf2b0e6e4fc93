import { Migration } from '@mikro-orm/migrations';

// decisions.md §11 "One sender per lead" and "Sender pools".
// - lead.mailbox_id: the inbox that sends the lead's sequence, set when its first email is queued. No
//   foreign key (inboxes are only ever hidden, deletedAt; a dangling id reads as an inbox that left the
//   campaign): checking one on every imported lead would cost the import, as the workspace key did.
//   Leads already in a sequence keep the inbox of their latest sequence email.
// - campaign.mailbox_tags: the campaign also sends from every inbox carrying one of these tags.
export class Migration20261126172000_lead_sender extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "lead" add column "mailbox_id" uuid null;`);
    this.addSql(`update "lead" l set "mailbox_id" = s."inbox_id"
      from (select distinct on ("lead_id") "lead_id", "inbox_id" from "send"
             where "kind" = 'step' and "status" <> 'dropped' order by "lead_id", "step_position" desc, "created_at" desc) s
     where s."lead_id" = l."id";`);
    this.addSql(`alter table "campaign" add column "mailbox_tags" text[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lead" drop column "mailbox_id";`);
    this.addSql(`alter table "campaign" drop column "mailbox_tags";`);
  }

}

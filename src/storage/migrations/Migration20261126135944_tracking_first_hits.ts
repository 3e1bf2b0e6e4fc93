import { Migration } from '@mikro-orm/migrations';

// decisions.md §10: a tracking hit costs the same for the first and the millionth hit of one link. Hits
// no longer add a row each: one row per (send, kind, url) keeps the first hit, the latest, how many and
// when the first counted one came. Existing rows are folded into that form first: the earliest row of
// each link is kept and given the others' latest time, count and first counted time.
export class Migration20261126135944_tracking_first_hits extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "tracking_event" add column "human_at" timestamptz(3) null, add column "person_at" timestamptz(3) null, add column "last_hit_at" timestamptz(3) null, add column "hits" int not null default 1;`);
    this.addSql(`update "tracking_event" set "url" = '' where "url" is null;`);
    this.addSql(`with links as (
  select (array_agg(id order by created_at, id))[1] as keep, max(created_at) as last_hit_at, count(*)::int as hits,
         min(created_at) filter (where human) as human_at
    from "tracking_event" group by send_id, kind, url)
update "tracking_event" t
   set last_hit_at = l.last_hit_at, hits = l.hits, human = l.human_at is not null, human_at = l.human_at,
       person_at = case when t.kind = 'click' then l.human_at end
  from links l where t.id = l.keep;`);
    this.addSql(`delete from "tracking_event" where "last_hit_at" is null;`);
    this.addSql(`alter table "tracking_event" alter column "last_hit_at" set not null;`);
    this.addSql(`alter table "tracking_event" alter column "url" set default '';`);
    this.addSql(`alter table "tracking_event" alter column "url" set not null;`);
    // The unique key's first column serves the look-ups by send the dropped index served.
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_send_id_kind_url_unique" unique ("send_id", "kind", "url");`);
    this.addSql(`drop index "tracking_event_send_id_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "tracking_event_send_id_index" on "tracking_event" ("send_id");`);
    this.addSql(`alter table "tracking_event" drop constraint "tracking_event_send_id_kind_url_unique";`);
    this.addSql(`alter table "tracking_event" drop column "human_at", drop column "person_at", drop column "last_hit_at", drop column "hits";`);
    this.addSql(`alter table "tracking_event" alter column "url" drop default;`);
    this.addSql(`alter table "tracking_event" alter column "url" drop not null;`);
    this.addSql(`update "tracking_event" set "url" = null where "url" = '';`);
  }

}

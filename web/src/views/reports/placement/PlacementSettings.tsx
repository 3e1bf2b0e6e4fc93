// The workspace's placement schedule and protection (decisions.md §16; PATCH /settings/workspace, owner
// only): a test by itself every day or Monday at 06:00 in the workspace's zone, and the inbox rate below
// which an inbox pauses itself.
import type { FormEvent } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../../api/graphql';
import { graphql } from '../../../gql';
import { ErrorState, QueryView } from '../../../ui/QueryView';

const ReportsPlacementSettings = graphql(`
  query ReportsPlacementSettings {
    settings {
      workspace {
        timezone
        placementSchedule
        placementProtectBelow
      }
    }
  }
`);

const ReportsUpdatePlacementSettings = graphql(`
  mutation ReportsUpdatePlacementSettings($input: UpdateWorkspaceInput!) {
    updateWorkspace(input: $input) {
      placementSchedule
      placementProtectBelow
    }
  }
`);

const SCHEDULES = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Every day at 06:00' },
  { value: 'weekly', label: 'Every Monday at 06:00' },
];

export function PlacementSettings() {
  const query = useGraphQL(ReportsPlacementSettings);
  const save = useGraphQLMutation(ReportsUpdatePlacementSettings, ['ReportsPlacementSettings']);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const below = String(form.get('protectBelow') ?? '').trim();
    save.mutate({ input: { placementSchedule: String(form.get('schedule')), placementProtectBelow: below === '' ? null : Number(below) } });
  };
  return (
    <section className="card report-section" aria-labelledby="placement-settings-title">
      <h2 id="placement-settings-title">Schedule and protection</h2>
      <QueryView query={query} what="the placement settings">
        {(d) => (
          <form className="row" aria-labelledby="placement-settings-title" onSubmit={submit}>
            <label>
              Test by itself ({d.settings.workspace.timezone} time)
              <select name="schedule" defaultValue={d.settings.workspace.placementSchedule}>
                {SCHEDULES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Pause an inbox whose inbox rate falls below (%, empty: never)
              <input name="protectBelow" type="number" min={1} max={100} defaultValue={d.settings.workspace.placementProtectBelow ?? ''} />
            </label>
            <button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            {save.isSuccess && !save.isPending ? <span role="status">Saved.</span> : null}
            <ErrorState error={save.error} />
          </form>
        )}
      </QueryView>
    </section>
  );
}

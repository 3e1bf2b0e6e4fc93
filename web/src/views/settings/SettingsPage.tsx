// Settings (decisions.md §14): inboxes with their health and ramp, API keys, webhooks with their delivery
// log. The tab is part of the URL (/settings/api-keys), so each one can be linked to and the back button
// moves between them; the tabs are links in a labelled navigation, the current one marked aria-current.
import { Link } from 'wouter';
import { Page } from '../../ui/Page';
import { ApiKeysTab } from './ApiKeysTab';
import { InboxesTab } from './InboxesTab';
import { WebhooksTab } from './WebhooksTab';
import './settings.css';

const TABS = [
  { slug: 'inboxes', title: 'Inboxes', View: InboxesTab },
  { slug: 'api-keys', title: 'API keys', View: ApiKeysTab },
  { slug: 'webhooks', title: 'Webhooks', View: WebhooksTab },
] as const;

export default function SettingsPage({ tab }: { tab?: string }) {
  const current = TABS.find((t) => t.slug === tab) ?? TABS[0];
  const { View } = current;
  return (
    <Page title={`Settings: ${current.title}`}>
      <nav className="tabs" aria-label="Settings sections">
        {TABS.map((t) => (
          <Link key={t.slug} href={`/settings/${t.slug}`} aria-current={t === current ? 'page' : undefined}>
            {t.title}
          </Link>
        ))}
      </nav>
      <View />
    </Page>
  );
}

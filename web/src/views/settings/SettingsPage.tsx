// Placeholder: the Settings view is being built (issue 25).
import { Page } from '../../ui/Page';

export default function SettingsPage({ tab }: { tab?: string }) {
  return <Page title="Settings">{tab}</Page>;
}

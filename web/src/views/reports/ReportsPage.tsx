// Placeholder: the Reports view is being built (issue 25).
import { Page } from '../../ui/Page';

export default function ReportsPage() {
  return <Page title="Reports">{null}</Page>;
}

// The console's frame: sign-in gate, the main navigation and the route table. Each area's views live in
// views/<area>/ and are loaded when first opened (the campaigns list, the landing view, comes with the
// first load).
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Redirect, Route, Switch, useLocation, useRoute } from 'wouter';
import { signOut, useSession } from './auth/session';
import { SignInPage } from './auth/SignInPage';
import { Loading } from './ui/QueryView';
import { CampaignsPage } from './views/campaigns/CampaignsPage';

const CampaignPage = lazy(() => import('./views/campaigns/CampaignPage'));
const UniboxPage = lazy(() => import('./views/unibox/UniboxPage'));
const ReportsPage = lazy(() => import('./views/reports/ReportsPage'));
const SettingsPage = lazy(() => import('./views/settings/SettingsPage'));

function NavLink({ href, children }: { href: string; children: string }) {
  const [active] = useRoute(`${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined} className={active ? 'active' : undefined}>
      {children}
    </Link>
  );
}

/** After a move to another view (not the first load, not a change of query string), focus goes to the
 *  main region, so a keyboard or screen-reader user starts reading the new view from its top instead of
 *  staying on the link they followed. */
function useFocusMainOnNavigation() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    // The unibox moves its own focus between replies (/unibox/:id): leave it there.
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: false });
  }, [location]);
}

export function App() {
  const session = useSession();
  useFocusMainOnNavigation();
  if (!session) {
    return (
      <Switch>
        <Route path="/sign-up">
          <SignInPage mode="sign-up" />
        </Route>
        <Route path="/sign-in">
          <SignInPage mode="sign-in" />
        </Route>
        <Route>
          <Redirect to="/sign-in" />
        </Route>
      </Switch>
    );
  }
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">Outreach</span>
        <nav aria-label="Main">
          <NavLink href="/campaigns">Campaigns</NavLink>
          <NavLink href="/unibox">Unibox</NavLink>
          <NavLink href="/reports">Reports</NavLink>
          <NavLink href="/settings">Settings</NavLink>
        </nav>
        <span className="workspace" title={session.user.email}>
          {session.workspace.name}
        </span>
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading what="the view" />}>
          <Switch>
            <Route path="/campaigns" component={CampaignsPage} />
            <Route path="/campaigns/:id">{(p) => <CampaignPage id={p.id} />}</Route>
            <Route path="/unibox/:replyId?">{(p) => <UniboxPage replyId={p.replyId} />}</Route>
            <Route path="/reports/:view?">{(p) => <ReportsPage view={p.view} />}</Route>
            <Route path="/settings/:tab?">{(p) => <SettingsPage tab={p.tab} />}</Route>
            <Route>
              <Redirect to="/campaigns" />
            </Route>
          </Switch>
        </Suspense>
      </main>
    </div>
  );
}

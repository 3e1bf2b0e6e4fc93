// Links from a reason or warning to the control that fixes it (status-words.ts), and the other end: a
// control that takes the focus when a link asks for it. A link to a control of the campaign page is
// `/campaigns/:id?fix=<control>`: the page opens the control's tab (tabForFix, status-words.ts), the control focuses itself
// (useFixTarget) and the request is taken off the URL, so following the same link again works again.
import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { askedControl, fixHref, type CampaignControl, type Worded } from './status-words';

/** A ref for the control `control`: when the URL asks for it, it is scrolled into view and focused as
 *  soon as it is on screen (a tab's controls appear once its data has loaded). */
export function useFixTarget(control: CampaignControl) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = askedControl(search) === control;
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || !asked) return;
      element.scrollIntoView({ block: 'center' });
      element.focus();
      // Served: off the URL (replacing the entry), after this render.
      queueMicrotask(() => navigate(location, { replace: true }));
    },
    [asked, location, navigate],
  );
}

/** The words, then a link to the control that fixes it (none when nothing can be done). `about` names the
 *  campaign in the link's accessible name where several campaigns' links share a screen (the list). */
export function WordedLine({ worded, campaignId, about }: { worded: Worded; campaignId: string; about?: string }) {
  return (
    <>
      <span>{worded.text}</span>
      {worded.fix ? (
        <>
          {' '}
          <Link href={fixHref(campaignId, worded.fix.place)} className="fix-link" aria-label={about ? `${worded.fix.label}: ${about}` : undefined}>
            {worded.fix.label}
          </Link>
        </>
      ) : null}
    </>
  );
}

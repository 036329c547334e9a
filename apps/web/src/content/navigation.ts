import { useEffect, useState, type MouseEvent } from 'react';
import { isContentPath } from './route';

/**
 * Navigation inside this entry without reloading: links to its own paths push a history entry,
 * every other link loads its page. `useLocation` re-renders on both and on back/forward.
 */
const EVENT = 'content:navigate';

export interface Place {
  pathname: string;
  search: string;
}

const here = (): Place => ({ pathname: window.location.pathname, search: window.location.search });

export function navigate(href: string, opts: { replace?: boolean; keepScroll?: boolean } = {}): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || !isContentPath(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (opts.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(EVENT));
  if (!opts.keepScroll) window.scrollTo(0, 0);
}

export function useLocation(): Place {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const update = () => setPlace(here());
    window.addEventListener('popstate', update);
    window.addEventListener(EVENT, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(EVENT, update);
    };
  }, []);
  return place;
}

/**
 * A click on a plain link to one of this entry's paths (same window, no modifier key) is handled
 * here; anything else is left to the browser. Attached once, to the page's root.
 */
export function interceptLinkClick(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element).closest?.('a');
  if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
  const url = new URL(a.href);
  if (url.origin !== window.location.origin || !isContentPath(url.pathname)) return;
  // An anchor on this very page scrolls as usual.
  if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return;
  // Links inside the post's own HTML body may point here too: handled the same way.
  e.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

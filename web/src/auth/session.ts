// decisions.md §14: the session token lives in the browser session (sessionStorage): it goes when the tab
// closes, and no other site can read it. The workspace and user come with it from sign-in.
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string;
  user: { id: string; email: string; name: string | null; role: string };
  workspace: { id: string; name: string; timezone: string };
}

const KEY = 'outreach.session';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

export function session(): Session | null {
  return current;
}

export function signIn(next: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(next));
  current = next;
  listeners.forEach((l) => l());
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
  current = null;
  listeners.forEach((l) => l());
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

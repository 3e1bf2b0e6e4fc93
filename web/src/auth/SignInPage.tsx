// Sign-in and sign-up (decisions.md §14: through the REST auth endpoints of api.md). Both answer
// {token, user, workspace}, which becomes the browser session.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { rest } from '../api/rest';
import type { ApiError } from '../api/errors';
import { ErrorState } from '../ui/QueryView';
import { signIn, type Session } from './session';

export function SignInPage({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const [, navigate] = useLocation();
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const signingUp = mode === 'sign-up';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Record<string, string> = { email: String(form.get('email')), password: String(form.get('password')) };
    if (signingUp) {
      body.workspace_name = String(form.get('workspace_name'));
      body.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    }
    setBusy(true);
    setError(null);
    try {
      signIn(await rest<Session>('POST', signingUp ? '/auth/signup' : '/auth/login', body));
      navigate('/campaigns');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="auth">
      <form className="card auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <h1 id="auth-title">{signingUp ? 'Create your workspace' : 'Sign in'}</h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete={signingUp ? 'new-password' : 'current-password'} minLength={signingUp ? 10 : undefined} required />
        </label>
        {signingUp ? (
          <label>
            Workspace name
            <input name="workspace_name" autoComplete="organization" required />
          </label>
        ) : null}
        <ErrorState error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {signingUp ? 'Create workspace' : 'Sign in'}
        </button>
        <p className="muted">
          {signingUp ? (
            <>
              Have an account? <Link href="/sign-in">Sign in</Link>
            </>
          ) : (
            <>
              New here? <Link href="/sign-up">Create a workspace</Link>
            </>
          )}
        </p>
      </form>
    </main>
  );
}

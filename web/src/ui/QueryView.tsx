// Every view's three states besides its data (decisions.md §14): loading (a polite status), error (an
// alert that says what went wrong, with a retry) and empty (says what to do next).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../api/errors';

interface Props<T> {
  query: UseQueryResult<T, ApiError>;
  /** What is loading, for the status message ("campaigns"). */
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, what, isEmpty, empty, children }: Props<T>) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <div className="empty">{empty ?? `No ${what} yet.`}</div>;
  return <>{children(query.data)}</>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> Loading {what}…
    </p>
  );
}

export function ErrorState({ error, onRetry }: { error: { message: string; code?: string } | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className="error-state" role="alert">
      <p>
        <strong>Something went wrong.</strong> {error.message}
        {error.code ? <span className="muted"> ({error.code})</span> : null}
      </p>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

// A list or page that could not be loaded: why, in plain words, and Try again.

import { errorMessage } from '../api/errors';

export interface QueryErrorProps {
  /** What failed to load, plural: 'orders'. */
  what: string;
  query: { error: unknown; refetch: () => unknown };
}

export function QueryError({ what, query }: QueryErrorProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>
        The {what} could not be loaded. {errorMessage(query.error)}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  );
}

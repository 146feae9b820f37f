import type { ReactNode } from "react";
import { EmptyState, ErrorBlock, Spinner } from "~/components/ui/states";
import type { CallState } from "~/lib/use-call";

/**
 * The three states every staff list shows around its rows: loading (first read only), the error
 * block with Try Again, and the empty state once data has arrived with nothing in it.
 */
export function QueryStatus({
  query,
  empty,
  emptyTitle,
  errorMessage,
}: {
  query: Pick<CallState<unknown>, "data" | "error" | "loading" | "reload">;
  empty: boolean;
  emptyTitle: ReactNode;
  /** The screen's own wording for a failed read; the server's message otherwise. */
  errorMessage?: string;
}) {
  return (
    <>
      {query.loading && !query.data ? <Spinner /> : null}
      {query.error ? <ErrorBlock message={errorMessage ?? query.error} onRetry={() => void query.reload()} /> : null}
      {query.data && empty ? <EmptyState title={emptyTitle} /> : null}
    </>
  );
}

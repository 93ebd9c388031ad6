import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useErrorMessage } from '@/hooks/use-error-message';

/** What a paged list's footer needs of TanStack Query's infinite query. */
export interface PagedQuery {
  error: unknown;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a cursor-paged list: "Load more" while there is more, the loading state announced to
 * screen readers, a retry when the next page failed, and a line saying the list is complete.
 */
export function LoadMore({
  query,
  labels,
}: {
  query: PagedQuery;
  labels: { loadMore: string; loadingMore: string; retry: string; end: string | null };
}) {
  const errorMessage = useErrorMessage();
  return (
    <>
      {query.isFetchNextPageError ? (
        <FormAlert>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.fetchNextPage()}>
            {labels.retry}
          </Button>
        </FormAlert>
      ) : null}
      <p role="status" className="text-center text-sm text-muted-foreground empty:hidden">
        {query.isFetchingNextPage ? labels.loadingMore : ''}
      </p>
      {query.hasNextPage && !query.isFetchNextPageError ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {labels.loadMore}
        </Button>
      ) : labels.end !== null && !query.hasNextPage ? (
        <p className="text-center text-sm text-muted-foreground">{labels.end}</p>
      ) : null}
    </>
  );
}

import type { ReactNode } from 'react';
import { CommandButton } from '../../ui/button';

/** What the table reads of a paged (infinite) query. */
export interface PagedQuery {
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

export interface PagedTableProps<E> {
  query: PagedQuery;
  /** Every row fetched so far, newest first. */
  entries: E[];
  /** The header cells, one a column. */
  columns: ReactNode[];
  /** One `<tr>` an entry. */
  row(entry: E): ReactNode;
  texts: { empty: string; more: string };
}

/** A console log read page by page: the rows so far, a line when there are none, and MORE while there is more. */
export function PagedTable<E>({ query, entries, columns, row, texts }: PagedTableProps<E>) {
  return (
    <>
      {query.isSuccess && entries.length === 0 ? <p className="bb-muted">{texts.empty}</p> : null}
      {entries.length > 0 ? (
        <div className="bb-console__table-wrap">
          <table className="bb-console__table">
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{entries.map(row)}</tbody>
          </table>
        </div>
      ) : null}
      {query.hasNextPage ? (
        <CommandButton onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {texts.more}
        </CommandButton>
      ) : null}
    </>
  );
}

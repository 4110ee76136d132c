import { type QueryKey, useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

export interface AdminColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

export interface AdminPage<Row> {
  data: Row[];
  nextCursor: string | null;
}

/**
 * A console list that pages on the server: the first page is read with the key, "Load more" asks
 * for the page after the last one's cursor. `fetchPage` parses the answer with its schema.
 */
export function AdminTable<Row extends { id: string }>(props: {
  label: string;
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined) => Promise<AdminPage<Row>>;
  columns: AdminColumn<Row>[];
  empty: string;
  rowClassName?: (row: Row) => string | undefined;
}) {
  const { label, queryKey, fetchPage, columns, empty, rowClassName } = props;
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

  if (pages.isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (pages.isError) return <p className="text-destructive text-sm">Could not load: {pages.error.message}</p>;
  const rows = pages.data.pages.flatMap((page) => page.data);

  return (
    <Card>
      <CardContent className="p-0">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.header} className={column.className}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                  {empty}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} className={rowClassName?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.header} className={column.className}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        {pages.hasNextPage && (
          <div className="border-t p-3 text-center">
            <Button
              variant="outline"
              size="sm"
              onClick={() => pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

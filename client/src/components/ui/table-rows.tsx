import type { ReactNode } from "react";
import { TableCell, TableHead, TableRow } from "./table";

/** The header of a column of row actions: named for screen readers only. */
export function TableActionsHead() {
  return (
    <TableHead>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

/** The one row of a table with nothing to list, across all its `colSpan` columns. */
export function TableEmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

import { domainOperations } from "./domain-operations";
import type { Operation } from "./operation";
import { reportOperations } from "./report-operations";

/** Every operation of `/api/v1`, in the order the reference lists them. */
export const operations: Operation[] = [...domainOperations, ...reportOperations];

import { REPORTS_PATHS } from "@shared/api/reports";

/** The user's report reads: each starts with the list's path, so one invalidation refreshes all. */
export const reportKeys = {
  all: [REPORTS_PATHS.list],
  list: [REPORTS_PATHS.list, "list"],
  one: (id: string) => [REPORTS_PATHS.list, id],
};

/** While a report is being built, its page and the list look again this often. */
export const BUILDING_POLL_MS = 2_000;

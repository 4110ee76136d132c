import { SUPPORT_PATHS } from "@shared/api/support";

/** The user's support reads: every one starts with the list's path, so one invalidation refreshes all. */
export const supportKeys = {
  all: [SUPPORT_PATHS.list],
  list: [SUPPORT_PATHS.list, "list"],
  one: (id: string) => [SUPPORT_PATHS.list, id],
  target: [SUPPORT_PATHS.target],
};

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const HEALTH_PATHS = {
  health: "/api/health",
} as const;

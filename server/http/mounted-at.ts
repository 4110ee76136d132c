/**
 * Routes are registered with the full paths declared in `shared/api` (docs/architecture.md), on
 * routers that app.ts mounts under a prefix (so that a prefix's middleware, such as the staff gate
 * or the raw-body webhooks, stays with it). `mountedAt(prefix)(path)` is `path` as seen under that
 * mount; a path outside the mount is a wiring mistake, refused at boot.
 */
export function mountedAt(mount: string) {
  return <P extends string>(path: P): string => {
    if (path === mount) return "/";
    if (!path.startsWith(`${mount}/`)) throw new Error(`${path} is not under ${mount}`);
    return path.slice(mount.length);
  };
}

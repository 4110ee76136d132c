/**
 * API paths are declared once in `shared/api/<area>` as Express patterns
 * (`"/api/billing/subscriptions/:id/cancel"`): the server registers its routes with them, and the
 * client and tests fill them in with `pathTo`.
 */

type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The `:name` parameters of an Express path pattern, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Head}/${infer Tail}`
    ? ParamName<Head> | PathParamNames<`/${Tail}`>
    : ParamName<Rest>
  : never;

/** The values a pattern's parameters take. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string | number };

/**
 * The path `pattern` names, each `:param` replaced by its value, URI-encoded:
 * `pathTo("/api/billing/receipts/:orderId.pdf", { orderId })`. A pattern without parameters
 * takes none.
 */
export function pathTo<P extends string>(
  pattern: P,
  ...[params]: [PathParamNames<P>] extends [never] ? [] : [PathParams<P>]
): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathTo: ${pattern} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

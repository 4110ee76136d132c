/**
 * dependency-cruiser reads TypeScript through the compiler's JavaScript API, which the native
 * compiler the project type-checks with does not have. Loaded before it (`node --import`), this
 * hands dependency-cruiser alone the JavaScript compiler installed as `typescript-for-tools`, for
 * its ES imports and its CommonJS requires alike.
 */
import Module, { register } from "node:module";

const fromCruiser = (parent) => typeof parent === "string" && parent.includes("/dependency-cruiser/");
const swap = (specifier) => specifier.replace(/^typescript(?=$|\/)/, "typescript-for-tools");

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (/^typescript($|\\/)/.test(specifier) && context.parentURL?.includes("/dependency-cruiser/"))
        return next(specifier.replace(/^typescript/, "typescript-for-tools"), context);
      return next(specifier, context);
    }`)}`,
  import.meta.url,
);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const swapped = fromCruiser(parent?.filename) ? swap(request) : request;
  return resolveFilename.call(this, swapped, parent, ...rest);
};

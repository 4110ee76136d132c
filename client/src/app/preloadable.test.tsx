import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable";

const Page = () => <p>the page</p>;
const inSuspense = (Component: () => React.ReactElement) =>
  renderToString(
    <Suspense fallback={<p>loading</p>}>
      <Component />
    </Suspense>,
  );

describe("preloadable", () => {
  it("suspends until its chunk is in, then renders at once", async () => {
    let loads = 0;
    const Lazy = preloadable(async () => {
      loads += 1;
      return { default: Page };
    });
    expect(inSuspense(Lazy)).toContain("loading");
    await Lazy.preload();
    expect(inSuspense(Lazy)).toContain("the page");
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it("fetches again after a failed fetch", async () => {
    let attempts = 0;
    const Lazy = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return { default: Page };
    });
    await expect(Lazy.preload()).rejects.toThrow("offline");
    await Lazy.preload();
    expect(attempts).toBe(2);
    expect(inSuspense(Lazy)).toContain("the page");
  });
});

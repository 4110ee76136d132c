import { CHECKOUT_MODE_PATH, type TCheckoutMode, TEST_MODE_BANNER } from "@shared/test-mode";
import { useEffect, useState } from "react";

/**
 * While payments run in the sandbox, every page says so (docs/money.md): nothing paid here is real
 * money. One plain fetch, so the public pages need no data layer for it.
 */
export function TestModeBanner() {
  const [sandbox, setSandbox] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(CHECKOUT_MODE_PATH, { credentials: "same-origin" })
      .then((res) => (res.ok ? res.json() : null))
      .then((mode: Partial<TCheckoutMode> | null) => {
        if (live) setSandbox(mode?.sandbox === true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!sandbox) return null;
  return (
    <div
      role="note"
      // On a phone a strip above the page, in the flow, so that it covers no header button; wider
      // screens have room for a tab floating over the header's empty middle.
      className="bg-amber-300 px-3 py-0.5 text-center font-medium text-amber-950 text-xs sm:pointer-events-none sm:fixed sm:top-0 sm:left-1/2 sm:z-[70] sm:-translate-x-1/2 sm:whitespace-nowrap sm:rounded-b-md sm:shadow-sm"
    >
      {TEST_MODE_BANNER}
    </div>
  );
}

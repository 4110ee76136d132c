import { CHECKOUT_MODE_PATH, type TCheckoutMode, TEST_MODE_BANNER } from "@shared/test-mode";
import { useEffect, useState } from "react";

/**
 * While payments run in the sandbox, every page says so (DESIGN §7): nothing paid here is real
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
      className="pointer-events-none fixed top-0 right-2 z-[70] whitespace-nowrap rounded-b-md bg-amber-300 px-3 py-0.5 font-medium text-amber-950 text-xs shadow-sm sm:right-auto sm:left-1/2 sm:-translate-x-1/2"
    >
      {TEST_MODE_BANNER}
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { COUNT_UP_STEP_MS, countUpSteps } from "../utils/count-up";

/**
 * The figure to show for `targetCents`: it climbs towards a higher target step by step and
 * drops to a lower one at once. `rising` is true while it climbs.
 */
export function useCountUp(targetCents: number): { cents: number; rising: boolean } {
  const [cents, setCents] = useState(targetCents);
  const [rising, setRising] = useState(false);
  const shown = useRef(targetCents);

  useEffect(() => {
    const steps = countUpSteps(shown.current, targetCents);
    if (steps.length === 1) {
      shown.current = targetCents;
      setCents(targetCents);
      setRising(false);
      return;
    }
    setRising(true);
    let index = 0;
    const timer = setInterval(() => {
      shown.current = steps[index];
      setCents(steps[index]);
      index += 1;
      if (index === steps.length) {
        clearInterval(timer);
        setRising(false);
      }
    }, COUNT_UP_STEP_MS);
    return () => clearInterval(timer);
  }, [targetCents]);

  return { cents, rising };
}

import { APPRAISAL_PATHS, ZEstimate } from "@shared/api/appraisals";
import { useQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { apiRequest } from "@/lib/api-client";
import { formatWholeMoney } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** A name worth estimating: something with a dot and a suffix, as typed so far. */
const LOOKS_LIKE_A_NAME = /^[^\s.]+\.[a-z]{2,}(?:\.[a-z]{2,})?$/i;

/** The free instant estimate of a name, asked once typing pauses. */
function useEstimate(name: string) {
  const settled = useDebouncedValue(name.trim(), 500);
  return useQuery({
    queryKey: [APPRAISAL_PATHS.estimate, settled.toLowerCase()],
    enabled: LOOKS_LIKE_A_NAME.test(settled),
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () =>
      ZEstimate.parse(
        await (
          await apiRequest("GET", `${APPRAISAL_PATHS.estimate}?name=${encodeURIComponent(settled)}`)
        ).json(),
      ),
  });
}

/**
 * What a name is worth at a glance, under the field where it is typed or chosen (adding or
 * listing a domain), and what a paid appraisal adds.
 */
export function ValueEstimate({ name }: { name: string }) {
  const { data } = useEstimate(name);
  if (!data) return null;
  return (
    <output
      aria-label="Free estimate"
      className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-emerald-900 text-sm"
    >
      <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Free estimate for {data.name}: <strong>{formatWholeMoney(data.value)}</strong> (
        {formatWholeMoney(data.range.low)} to {formatWholeMoney(data.range.high)}, {data.confidence}{" "}
        confidence). A paid appraisal adds comparable sales, the earnings multiple and the market trend.
      </span>
    </output>
  );
}

import type { TPnlRange } from "@shared/api/pnl";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { RANGE_OPTIONS } from "../utils/pnl-format";

/** 30D / 90D / 12M / All: the P&L's range, ending today. */
export function PnlRangePicker(props: {
  value: TPnlRange;
  onChange: (range: TPnlRange) => void;
  size?: "sm" | "default";
}) {
  return (
    <SegmentedControl
      label="Profit and loss range"
      options={RANGE_OPTIONS}
      value={props.value}
      onChange={props.onChange}
      size={props.size}
    />
  );
}

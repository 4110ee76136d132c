/** The look every chart's axes share: small slate labels, no tick marks or axis lines. */
export const AXIS_STYLE = {
  tick: { fontSize: 12, fill: "#64748b" },
  tickLine: false,
  axisLine: false,
} as const;

/** Horizontal dashed grid lines behind every chart. */
export const GRID_STYLE = { strokeDasharray: "3 3", vertical: false, stroke: "#e2e8f0" } as const;

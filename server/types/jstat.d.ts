// The few jStat functions the split-test statistics use (the package ships no types).
declare module "jstat" {
  export const jStat: {
    betaln(a: number, b: number): number;
    beta: { inv(p: number, a: number, b: number): number; pdf(x: number, a: number, b: number): number };
    chisquare: { cdf(x: number, dof: number): number };
  };
}

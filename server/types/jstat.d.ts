// The few jStat functions the split-test statistics use (the package ships no types). It is a
// CommonJS module: its default export is jStat itself.
declare module "jstat" {
  const jStat: {
    betaln(a: number, b: number): number;
    beta: { inv(p: number, a: number, b: number): number; pdf(x: number, a: number, b: number): number };
    chisquare: { cdf(x: number, dof: number): number };
  };
  export default jStat;
}

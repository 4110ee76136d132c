import type { ReportBuilder } from "../reports/report-builder";

/** The appraisal of a domain, at the tier its order paid for. */
export const buildAppraisalReport: ReportBuilder = async ({ report, progress }) => {
  await progress(50);
  const name = typeof report.params.name === "string" ? report.params.name : report.title;
  return {
    content: {
      summary: `Appraisal of ${name}.`,
      sections: [],
    },
  };
};

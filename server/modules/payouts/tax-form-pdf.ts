import { newPdfDocument } from "../../lib/pdf-document";

const TITLES: Record<string, string> = {
  w9: "Form W-9: Request for Taxpayer Identification Number and Certification",
  w8ben: "Form W-8BEN: Certificate of Foreign Status of Beneficial Owner (Individuals)",
  "w8ben-e": "Form W-8BEN-E: Certificate of Status of Beneficial Owner (Entities)",
};

const CERTIFICATIONS: Record<string, string> = {
  w9: "Under penalties of perjury, I certify that the number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me), that I am not subject to backup withholding unless no number is shown, and that I am a U.S. citizen or other U.S. person.",
  w8ben:
    "Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete, and that I am the beneficial owner of the income to which this form relates and am not a U.S. person.",
  "w8ben-e":
    "Under penalties of perjury, I declare that I have examined the information on this form and to the best of my knowledge and belief it is true, correct, and complete, that the entity identified on this form is the beneficial owner of the income to which this form relates, and that it is not a U.S. person.",
};

/** The signed form as kept and downloaded: what the payee entered, the TIN as its last four only. */
export async function taxFormPdf(form: {
  kind: string;
  legalName: string;
  tin: string | null;
  address: string;
  country: string;
  treatyClaim: { country: string; article: string; rate: string } | null;
  signatureName: string;
  signedAt: Date;
}): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: "LETTER",
    margin: 60,
    info: { Title: TITLES[form.kind], Author: "ParkPilot" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.font("Helvetica-Bold").fontSize(15).text(TITLES[form.kind]);
  doc.moveDown().font("Helvetica").fontSize(11);
  const line = (label: string, value: string) => {
    doc.font("Helvetica-Bold").text(`${label}: `, { continued: true }).font("Helvetica").text(value);
  };
  line(form.kind === "w9" ? "Name" : "Name of beneficial owner", form.legalName);
  if (form.kind === "w9")
    line("Taxpayer identification number", form.tin ?? "none given (backup withholding applies)");
  else line("Country", form.country);
  line("Address", form.address);
  if (form.kind !== "w9")
    line(
      "Claim of tax treaty benefits",
      form.treatyClaim
        ? `resident of ${form.treatyClaim.country}, article ${form.treatyClaim.article}, rate ${form.treatyClaim.rate}%`
        : "none",
    );
  doc.moveDown().fontSize(10).text(CERTIFICATIONS[form.kind]);
  doc.moveDown().fontSize(11);
  line("Signed by", form.signatureName);
  line("Date", form.signedAt.toISOString().slice(0, 10));
  doc.end();
  return done;
}

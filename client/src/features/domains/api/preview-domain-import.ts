import { DOMAIN_PATHS, type TDomainImportPreview, ZDomainImportPreview } from "@shared/api/domains";
import { useMutation } from "@tanstack/react-query";
import { postCsv } from "./upload-csv";

export async function previewDomainImport(file: Blob): Promise<TDomainImportPreview> {
  const res = await postCsv(DOMAIN_PATHS.importPreview, file);
  return ZDomainImportPreview.parse(await res.json());
}

/** What importing a file would do, row by row; nothing is saved. */
export function usePreviewDomainImport() {
  return useMutation({ mutationFn: previewDomainImport });
}

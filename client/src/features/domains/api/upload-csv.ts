import { apiRequest } from "@/lib/api-client";

/** Posts a CSV file as the request body (`text/csv`), the way the import endpoints read it. */
export function postCsv(url: string, file: Blob): Promise<Response> {
  return apiRequest("POST", url, file, { contentType: "text/csv" });
}

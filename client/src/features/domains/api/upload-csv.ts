import { throwIfResNotOk } from "@/lib/api-client";

/**
 * Posts a CSV file as the request body (`text/csv`), the way the import endpoints read it; a
 * non-OK answer throws "<status>: <body>" like every other call.
 */
export async function postCsv(url: string, file: Blob): Promise<Response> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: file,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

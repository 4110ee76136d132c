// The worker of server/workers/read-upload.ts when the server runs from source (the dev server,
// the tests): Node 20 does not hand a loader registered with `--import tsx` on to worker
// threads, so this file loads the TypeScript through tsx's own API.
import { tsImport } from "tsx/esm/api";

export const { parkingReport, domainFile, xmlRecords } = await tsImport("./read-upload.ts", import.meta.url);

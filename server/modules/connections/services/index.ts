import type { TConnectionServiceId } from "../../../../shared/api/connections";
import type { Connector } from "../connector";
import { above } from "./above";
import { bodis } from "./bodis";
import { cloudflare } from "./cloudflare";
import { dynadot } from "./dynadot";
import { godaddy } from "./godaddy";
import { namecheap } from "./namecheap";
import { parkingcrew } from "./parkingcrew";
import { porkbun } from "./porkbun";
import { sedo } from "./sedo";

/** Every supported service, by id: adding one is a file here and its fake in tests/fakes/. */
export const CONNECTORS: Record<TConnectionServiceId, Connector> = {
  namecheap,
  godaddy,
  porkbun,
  dynadot,
  cloudflare,
  sedo,
  bodis,
  parkingcrew,
  above,
};

import type { TMarketplaceListing } from "@shared/api/marketplace/listings";

/** One of the signed-in owner's own listings, as the marketplace answers it. */
export const OWN_LISTING: TMarketplaceListing = {
  id: "3d9a7c1e-5b2f-4e8a-9c6d-1f0e2d3c4b5a",
  name: "listed.example",
  tld: "example",
  price: "2400.00",
  visitors: 0,
  parkingRevenue: "0.00",
  registrationDate: "2024-05-17T12:00:00.000Z",
  listedAt: "2024-06-01T12:00:00.000Z",
  isOwn: true,
  featuredUntil: null,
  lander: null,
};

/** The product's name: the landing page's tab title and the end of every other page's. */
export const APP_NAME = "ParkPilot";

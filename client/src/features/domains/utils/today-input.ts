/** Today in the reader's own calendar as a date input writes it (YYYY-MM-DD): the latest acquisition day. */
export const todayInput = (): string => new Date().toLocaleDateString("en-CA");

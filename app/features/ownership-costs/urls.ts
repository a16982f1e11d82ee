// A car's cost page sits under its own page: a version's or an ad's address, then this.
export const COST_PAGE_PATH = "/cout-de-possession";

export const costPageUrl = (carPath: string): string => `${carPath}${COST_PAGE_PATH}`;

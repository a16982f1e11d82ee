export * from "./catalogue";
export * from "./content";
export * from "./audience";
export * from "./system";
export * from "./accounts";
export * from "./marketplace";
export * from "./dealers";
export * from "./reviews";

export * from "./accounts";
export * from "./catalog";
export * from "./promotions";
export * from "./shipping";
export * from "./cart";
export * from "./orders";
export * from "./payments";
export * from "./content";

import { z } from "zod";

const uuid = z.uuid();
/** Ids are UUIDs; anything else cannot name a row, so it is "not found" without a query. */
export const isUuid = (id: string): boolean => uuid.safeParse(id).success;

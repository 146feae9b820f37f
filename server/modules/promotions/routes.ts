import type { FastifyInstance } from "fastify";

export async function promotionRoutes(_app: FastifyInstance) {}

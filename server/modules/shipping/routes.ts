import type { FastifyInstance } from "fastify";

export async function shippingRoutes(_app: FastifyInstance) {}

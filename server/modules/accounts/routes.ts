import type { FastifyInstance } from "fastify";

export async function accountRoutes(_app: FastifyInstance) {}

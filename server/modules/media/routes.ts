import type { FastifyInstance } from "fastify";

export async function mediaRoutes(_app: FastifyInstance) {}

import type { FastifyInstance } from "fastify";

export async function contentRoutes(_app: FastifyInstance) {}

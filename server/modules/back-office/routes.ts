import type { FastifyInstance } from "fastify";

export async function backOfficeRoutes(_app: FastifyInstance) {}

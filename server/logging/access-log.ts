/**
 * One log line per request, written when it is answered: what was asked (Fastify's `req`
 * serializer: method, url, host, address), the status and the time it took. Fastify's default
 * writes two lines per request, one on arrival and one on answering; at a shop's peak the lines
 * were a tenth of an API call's CPU and 120 MB of log in a few minutes of the bench. Its request
 * id ties it to every line a service logged while the request ran (decision 264). Fastify's other
 * lines (errors it handled itself, a route not found) are as before.
 */
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { REQUEST_ID_LOG_KEY } from "../http/request-id";

export class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: REQUEST_ID_LOG_KEY });
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

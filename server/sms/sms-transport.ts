/**
 * Text messages leave through an HTTP SMS gateway (SMS_URL), or, without one, are written to
 * DATA_DIR/outbox/*.sms.txt and logged, as e-mail is (docs/decisions/251).
 */
import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

export interface SmsMessage {
  /** The customer's number as given at checkout. */
  to: string;
  text: string;
}

export interface SmsTransport {
  send(message: SmsMessage): Promise<void>;
}

/** Egyptian mobile numbers as gateways want them: 01xxxxxxxxx becomes +201xxxxxxxxx. */
export function internationalNumber(phone: string): string {
  const digits = phone.replace(/[\s()-]/g, "");
  if (/^01\d{9}$/.test(digits)) return `+2${digits}`;
  if (/^00\d+$/.test(digits)) return `+${digits.slice(2)}`;
  return digits;
}

/**
 * Fetch refuses a URL with credentials in it, so user:password@ is taken out of the URL and sent as
 * Basic auth; SMS_TOKEN is sent as a Bearer token. Neither is ever logged.
 */
function gatewayRequest(config: Config): { url: string; headers: Record<string, string> } {
  const url = new URL(config.SMS_URL!);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  if (config.SMS_TOKEN) headers.authorization = `Bearer ${config.SMS_TOKEN}`;
  return { url: url.toString(), headers };
}

export function createSmsTransport(config: Config, log: FastifyBaseLogger): SmsTransport {
  if (config.SMS_URL) {
    const { url, headers } = gatewayRequest(config);
    const logged = new URL(url).origin;
    return {
      async send(message) {
        const to = internationalNumber(message.to);
        const res = await fetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify({ to, text: message.text }),
          signal: AbortSignal.timeout(15_000),
        });
        // A refusal (4xx) or an outage (5xx) fails the job, which is retried with backoff.
        if (!res.ok) throw new Error(`SMS gateway ${logged} answered ${res.status}`);
        await res.body?.cancel();
        log.info({ to }, "sms sent");
      },
    };
  }
  return {
    async send(message) {
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.sms.txt`);
      await fs.writeFile(file, `To: ${internationalNumber(message.to)}\n\n${message.text}\n`);
      log.info({ to: message.to, file }, "sms written to outbox");
    },
  };
}

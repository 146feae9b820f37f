import nodemailer from "nodemailer";
import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { DbOrTx } from "../db/client";
import type { Jobs } from "../jobs/worker";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe on a reminder). */
  headers?: Record<string, string>;
  /** A file on disk (`path`) or bytes already read (`content`, from a bucket). */
  attachments?: ({ filename: string; contentType?: string } & (
    | { path: string }
    | { content: Buffer }
    | { content: string; encoding: "base64" }
  ))[];
}

/** What actually delivers a message (SMTP or the outbox); only the "mail" job calls it. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/**
 * What services call: `send` writes a "mail" job (in `db`, the caller's transaction, when given),
 * so no request waits for the SMTP server and a message survives a restart or an SMTP outage.
 */
export interface Mailer {
  send(message: MailMessage, opts?: { db?: DbOrTx }): Promise<void>;
}

export const MAIL_JOB = "mail";

/**
 * Sends over SMTP_URL; without it, writes each message as an .eml file under DATA_DIR/outbox so a
 * shop running on one machine (and the browser tests) can still read activation codes.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const transport = config.SMTP_URL
    ? // A down SMTP server fails the try quickly; the job is retried with backoff.
      nodemailer.createTransport(
        `${config.SMTP_URL}${config.SMTP_URL.includes("?") ? "&" : "?"}connectionTimeout=15000&socketTimeout=60000`,
      )
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      if (!config.SMTP_URL) {
        await fs.mkdir(config.outboxDir, { recursive: true });
        const file = path.join(config.outboxDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`);
        await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
        log.info({ to: message.to, subject: message.subject, file }, "mail written to outbox");
      } else {
        log.info({ to: message.to, subject: message.subject }, "mail sent");
      }
    },
  };
}

/** The mailer of the app: messages become jobs; the "mail" job hands them to the transport. */
export function queuedMailer(jobs: Jobs, defaultDb: DbOrTx, transport: MailTransport): Mailer {
  jobs.handle(MAIL_JOB, (payload) => transport.send(payload as unknown as MailMessage));
  return {
    send: (message, opts) =>
      jobs.enqueue(opts?.db ?? defaultDb, { kind: MAIL_JOB, payload: storable(message), maxAttempts: 8 }),
  };
}

/**
 * A job's payload is JSON: an attachment's bytes (a contact file read from a bucket) would become
 * an array of numbers that nodemailer cannot send. They are kept as base64, which it reads back.
 */
function storable(message: MailMessage): Record<string, unknown> {
  const attachments = message.attachments?.map((a) =>
    "content" in a && Buffer.isBuffer(a.content)
      ? { ...a, content: a.content.toString("base64"), encoding: "base64" }
      : a,
  );
  return { ...message, ...(attachments ? { attachments } : {}) };
}

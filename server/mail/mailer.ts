import nodemailer from "nodemailer";
import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A file on disk (`path`) or bytes already read (`content`, from a bucket). */
  attachments?: ({ filename: string; contentType?: string } & ({ path: string } | { content: Buffer }))[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends over SMTP_URL; without it, writes each message as an .eml file under DATA_DIR/outbox so a
 * shop running on one machine (and the browser tests) can still read activation codes.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
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

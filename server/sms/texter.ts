/** What services call to send a text: like the mailer, a message becomes an "sms" job first. */
import type { DbOrTx } from "../db/client";
import type { Jobs } from "../jobs/worker";
import type { SmsMessage, SmsTransport } from "./sms-transport";

export interface Texter {
  send(message: SmsMessage, opts?: { db?: DbOrTx }): Promise<void>;
}

export const SMS_JOB = "sms";

export function queuedTexter(jobs: Jobs, defaultDb: DbOrTx, transport: SmsTransport): Texter {
  jobs.handle(SMS_JOB, (payload) => transport.send(payload as unknown as SmsMessage));
  return {
    send: (message, opts) =>
      jobs.enqueue(opts?.db ?? defaultDb, { kind: SMS_JOB, payload: { ...message }, maxAttempts: 8 }),
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * A transport made on first use: nodemailer is loaded with the first mail, not with the process (a process starts
 * faster, and most never send one).
 */
const lazyTransport = (options: Parameters<typeof import('nodemailer').createTransport>[0]) => {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options)));
};

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise each message is
 * written as an .eml file to DATA_DIR/outbox and its path is logged.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: options.from, ...mail });
        options.log.info({ event: 'mail.sent', subject: mail.subject }, 'mail sent through SMTP');
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      options.log.info({ event: 'mail.outbox', file, subject: mail.subject }, 'mail written to the outbox');
    },
  };
}

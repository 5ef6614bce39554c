import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** Without angle brackets; stable per outbox row so a resend is recognisable. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, pooled (a few reused connections instead of one per mail). The timeouts
 * stay well inside the outbox lease, so a hung server never lets a claim expire while its mail may
 * still go out.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string; timeoutMs: number }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.messageId}>`,
      });
    },
    close: () => transport.close(),
  };
}

/** The domain part of a From address (`Name <a@b.c>` or `a@b.c`), for Message-IDs. */
export function mailDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'bulkwise.local';
}

import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  messageId: string;
  from: string;
  to: string;
  cc: string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a stalled server fails the attempt (retried later) instead of holding a
  // delivery batch for nodemailer's default ten minutes.
  const transporter: Transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        cc: message.cc.length ? message.cc : undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Prepared: written as given (our values are plain ASCII), so a URL is never re-encoded.
        headers: message.headers
          ? Object.fromEntries(Object.entries(message.headers).map(([key, value]) => [key, { prepared: true, value }]))
          : undefined,
      });
    },
    close: () => transporter.close(),
  };
}

import { createHmac, randomBytes } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The Firemark-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")> (docs/webhooks.md). */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

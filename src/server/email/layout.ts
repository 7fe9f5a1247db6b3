/** The few pieces every Firemark e-mail shares, plain text first, HTML as its mirror. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export function renderEmail(input: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
  /** Mail to someone other than the account holder carries its own way out. */
  unsubscribeUrl?: string;
}): EmailContent {
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.action ? [`${input.action.label}: ${input.action.url}`, ''] : []),
    '--',
    input.footer,
    ...(input.unsubscribeUrl ? [`Unsubscribe: ${input.unsubscribeUrl}`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
${input.action ? `<p><a href="${escapeHtml(input.action.url)}" style="background:#b91c1c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(input.action.label)}</a></p><p style="font-size:12px;color:#6b7280">${escapeHtml(input.action.url)}</p>` : ''}
<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(input.footer)}</p>
${input.unsubscribeUrl ? `<p style="font-size:12px"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>` : ''}
</body></html>`;
  return { subject: input.subject, text, html };
}

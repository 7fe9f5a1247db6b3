/**
 * The names of the job queues, a leaf that imports nothing: the modules and e-mail code that
 * send jobs name their queue here, and jobs/ (which creates the queues and runs their workers)
 * stands above them.
 */
export const QUEUES = {
  /** Mail a person is waiting for (a reset, a confirmation): its own worker, never behind bulk mail. */
  emailPriority: 'email-priority',
  /** Everything else (reminders, alerts, reports, support); the name predates the priority queue. */
  emailDelivery: 'email-delivery',
  emailDeliveryFailed: 'email-delivery-failed',
  /** Forgot-password's lookup, token and mail, done after the answer (jobs/password-reset-request.ts). */
  passwordResetRequest: 'password-reset-request',
  /** Once a minute, posts the webhook deliveries that are due (jobs/webhook-delivery.ts). */
  webhookSweep: 'webhook-sweep',
  /** Re-encodes photos stored before uploads were, at start and daily (jobs/photo-reencode.ts). */
  photoReencode: 'photo-reencode',
} as const;

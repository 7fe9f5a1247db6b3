import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ConfirmationDeps } from '../modules/auth/email-confirmation.service';
import { sendPasswordReset, type PasswordResetJob } from '../modules/auth/password-reset.service';
import { QUEUES } from '../queues';

/**
 * Works the forgot-password requests the route queued (the queue itself is created in
 * boss.ts, since any instance may queue one). A request that fails is retried by pg-boss.
 */
export async function startPasswordResetWorker(boss: PgBoss, deps: ConfirmationDeps, log: FastifyBaseLogger): Promise<void> {
  await boss.work<PasswordResetJob>(QUEUES.passwordResetRequest, { pollingIntervalSeconds: 1, batchSize: 10 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await sendPasswordReset(deps, job.data.email);
      } catch (error) {
        log.warn({ jobId: job.id, err: error instanceof Error ? error.message : String(error) }, 'Password reset request failed; it will be retried');
        await boss.fail(QUEUES.passwordResetRequest, job.id, { message: error instanceof Error ? error.message : String(error) });
      }
    }
  });
}

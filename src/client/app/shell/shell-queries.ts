import type { QueryClient } from '@tanstack/react-query';
import { DEFICIENCY_SUMMARY_KEY } from '@/features/records/api/record-queries';
import { unscheduledOptions } from '@/features/requirements/api/use-unscheduled';
import { subscriptionStatusOptions } from '@/lib/use-subscription';
import { ATTENTION_LIMIT, attentionInspectionsOptions } from './use-attention-inspections';

/**
 * Asks for what the shell shows on every signed-in page (the plan's banner and limits, the
 * bell's count) on a first load, as soon as the session is known to be live, instead of once
 * the shell has rendered: the same queries the shell's hooks read, so each is asked for once.
 * Resolves when all have answered (prefetches never reject).
 */
export function prefetchShell(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(subscriptionStatusOptions),
    client.prefetchQuery(attentionInspectionsOptions),
    client.prefetchQuery(unscheduledOptions({ limit: ATTENTION_LIMIT })),
    client.prefetchQuery({ queryKey: DEFICIENCY_SUMMARY_KEY }),
  ]);
}

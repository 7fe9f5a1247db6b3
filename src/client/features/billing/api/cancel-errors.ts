import { isApiError } from '@/lib/api';

/**
 * SPEC 8: cancel errors are told apart by what their message says, checked in this order.
 * A request that never reached the server (fetch's TypeError) is a connection error too.
 */
export function cancelErrorMessage(error: unknown): string {
  const text = isApiError(error) ? `${error.body?.message ?? ''} ${error.message}` : error instanceof Error ? error.message : '';
  if (text.includes('No active subscription')) return 'No active subscription found to cancel.';
  if (/already cancel+ed/i.test(text)) return 'Your subscription is already cancelled.';
  if (/not found/i.test(text)) return 'Subscription not found. Please contact support if you need assistance.';
  if (text.includes('Connection error') || error instanceof TypeError) {
    return 'Connection error. Please check your internet and try again.';
  }
  return 'Failed to cancel subscription. Please try again.';
}

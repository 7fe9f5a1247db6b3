import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export const TEST_CARD_HINT = 'Use 4242 4242 4242 4242 with any future date and any CVC. 4000 0000 0000 0002 is declined.';
export const STRIPE_TEST_CARD_HINT =
  'Use 4242 4242 4242 4242 with any future date and any CVC. 4000 0027 6000 3184 asks for 3-D Secure; 4000 0000 0000 0002 is declined.';

/**
 * DECISIONS "Billing": while nothing is charged (the built-in test mode, or Stripe with test
 * keys) the card form says so plainly, with the numbers that work. With live Stripe keys it
 * is not shown.
 */
export function TestModeNotice({ hint = TEST_CARD_HINT }: { hint?: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant="warning" className="border-amber-300">
          <FlaskConical aria-hidden="true" className="size-3.5" />
          Test mode
        </Badge>
        <span>No real card is charged.</span>
      </p>
      <p>{hint}</p>
    </div>
  );
}

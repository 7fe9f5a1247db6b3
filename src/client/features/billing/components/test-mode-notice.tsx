import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export const TEST_CARD_HINT = 'Use 4242 4242 4242 4242 with any future date and any CVC. 4000 0000 0000 0002 is declined.';

/**
 * DECISIONS "Billing": without a live provider the built-in test mode takes cards, and says
 * so plainly, with the numbers that work.
 */
export function TestModeNotice() {
  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge variant="warning" className="border-amber-300">
          <FlaskConical aria-hidden="true" className="size-3.5" />
          Test mode
        </Badge>
        <span>No real card is charged.</span>
      </p>
      <p>{TEST_CARD_HINT}</p>
    </div>
  );
}

import { useId } from 'react';
import { Sparkles } from 'lucide-react';
import { PRO_PLAN_NAME, TRIAL_DAYS } from '@shared/plans';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useStartTrial } from '../api/use-start-trial';
import { ProFeatureList } from './pro-features';

/** The free account's one trial of Pro, offered until it has been used. */
export function TrialOfferCard({ onStarted }: { onStarted: () => void }) {
  const titleId = useId();
  const noteId = useId();
  const startTrial = useStartTrial(onStarted);

  return (
    <Card role="region" aria-labelledby={titleId} className="border-red-200 bg-accent/60">
      <CardHeader>
        <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId} className="text-xl">
          Try {PRO_PLAN_NAME} free for {TRIAL_DAYS} days
        </CardTitle>
        <CardDescription className="text-base text-slate-700">
          No credit card needed. Everything in Pro, for {TRIAL_DAYS} days, starting now.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ProFeatureList />
        <div className="space-y-3">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={startTrial.isPending}
            aria-describedby={noteId}
            onClick={() => startTrial.mutate()}
          >
            {startTrial.isPending ? (
              <>
                <Spinner /> Starting your trial...
              </>
            ) : (
              `Start ${TRIAL_DAYS}-Day Free Trial`
            )}
          </Button>
          <p id={noteId} className="text-sm text-slate-700">
            Afterwards your account returns to the Free plan on its own. Nothing is charged and you keep all your data.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

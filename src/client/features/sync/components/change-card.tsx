import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/format-date';
import { discardChange, resolveConflict } from '@/offline/outbox';
import type { OutboxChange } from '@/offline/outbox-types';
import { CompareVersions } from './compare-versions';
import { PropertyName } from './property-name';

const STATE_LABELS: Record<OutboxChange['state'], string> = {
  waiting: 'Waiting',
  conflict: 'Changed elsewhere',
  refused: 'Not accepted',
  'not-applied': 'Not applied',
};

function ChangeHeading({ change }: { change: OutboxChange }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0 space-y-0.5">
        <h3 className="break-words font-medium">{change.label}</h3>
        <p className="text-sm text-muted-foreground">
          Recorded {formatDateTime(change.recordedAt)}
          {change.propertyId ? (
            <>
              {' · '}
              <PropertyName id={change.propertyId} userId={change.userId} />
            </>
          ) : null}
        </p>
      </div>
      <Badge variant={change.state === 'waiting' ? 'muted' : 'warning'}>{STATE_LABELS[change.state]}</Badge>
    </div>
  );
}

/** A change still on the device, with what the person can do about it. */
export function ChangeCard({ change }: { change: OutboxChange }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const act = (work: () => Promise<void>, done: string) => {
    setBusy(true);
    work()
      .then(() => toast({ title: done }))
      .catch(() => toast({ variant: 'destructive', title: 'This device could not save your choice', description: 'Try again.' }))
      .finally(() => setBusy(false));
  };

  return (
    <Card role="group" aria-label={change.label}>
      <CardContent className="space-y-3 p-4">
        <ChangeHeading change={change} />
        {change.state === 'conflict' ? (
          <>
            <p className="text-sm">{change.problem?.message ?? 'Someone else changed this after your copy was kept. Choose which version to keep.'}</p>
            <CompareVersions mine={change.body} current={change.problem?.current} />
            <div className="flex flex-wrap gap-2">
              <Button disabled={busy} onClick={() => act(() => resolveConflict(change.id, 'mine'), 'Your version will be sent')}>
                Keep mine
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => act(() => resolveConflict(change.id, 'theirs'), 'The version on the server is kept')}>
                Keep theirs
              </Button>
            </div>
          </>
        ) : null}
        {change.state === 'refused' ? (
          <>
            <p className="text-sm" role="note">
              {change.problem?.message}
            </p>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button variant="outline" disabled={busy}>
                  Discard
                </Button>
              }
              title="Discard this change?"
              description="It never reached the server. Once discarded, it is removed from this device and cannot be sent."
              cancelLabel="Keep it"
              confirmLabel="Discard"
              onConfirm={() => act(() => discardChange(change.id), 'Change discarded')}
            />
          </>
        ) : null}
        {change.state === 'not-applied' ? (
          <>
            <p className="text-sm">
              {change.problem?.message ?? 'What this changed had been deleted on the server. What you recorded is kept in the history.'}
            </p>
            <Button variant="outline" disabled={busy} onClick={() => act(() => discardChange(change.id), 'Dismissed')}>
              Dismiss
            </Button>
          </>
        ) : null}
        {change.state === 'waiting' && change.attempts > 0 ? (
          <p className="text-sm text-muted-foreground">Tried {change.attempts} {change.attempts === 1 ? 'time' : 'times'}; it will be sent when the connection allows.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

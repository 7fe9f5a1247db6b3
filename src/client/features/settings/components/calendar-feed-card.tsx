import { useId, useRef } from 'react';
import { Copy } from 'lucide-react';
import { madeWithLabel } from '@shared/schemas/api-token';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api/use-calendar-feed';

const HOW_TO = [
  { app: 'Google Calendar (on a computer)', steps: 'Other calendars › + › From URL, paste the link, then Add calendar.' },
  { app: 'Outlook', steps: 'Add calendar › Subscribe from web, paste the link, then Import.' },
  { app: 'Apple Calendar', steps: 'File › New Calendar Subscription, paste the link, then Subscribe.' },
];

function CopyableLink({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Paste it into your calendar app.' });
    } catch {
      // Clipboard access can be refused; the selected text is one keystroke from copied.
      input.current?.select();
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (or ⌘C) to copy it.' });
    }
  };

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Your calendar link</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
          aria-describedby={`${id}-hint`}
        />
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy Link
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Keep it private: anyone with this link can see your open inspections, property names and who is assigned.
      </p>
    </div>
  );
}

export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar Feed</CardTitle>
        <CardDescription>
          See every open inspection, and every inspection that is due but not yet scheduled, on its due date in Google Calendar,
          Outlook or Apple Calendar. The calendar updates itself as inspections are scheduled, moved or completed.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {feed.isPending ? (
          <LoadingState message="Loading calendar link..." className="py-6" />
        ) : feed.isError ? (
          <FormAlert>Could not load your calendar link. Please refresh the page.</FormAlert>
        ) : (
          <>
            <CopyableLink url={feed.data.url} />
            {feed.data.createdByToken ? (
              <p className="text-sm text-muted-foreground">
                {madeWithLabel(feed.data.createdByToken, 'Given out')}. Revoking an API token ends this link; Settings then shows a new one.
              </p>
            ) : null}
          </>
        )}
        <div className="space-y-2">
          <h3 className="text-sm font-medium">How to subscribe</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {HOW_TO.map(({ app, steps }) => (
              <li key={app}>
                <span className="font-medium">{app}:</span> {steps}
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            Calendar apps fetch the link on their own schedule, Google Calendar as seldom as once or twice a day, so a change may take a
            while to appear.
          </p>
        </div>
        <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Shared the link by mistake? Make a new one; the old one stops working.</p>
          <ConfirmDialog
            trigger={
              <Button variant="outline" disabled={regenerate.isPending || !feed.data}>
                {regenerate.isPending ? (
                  <>
                    <Spinner /> Generating...
                  </>
                ) : (
                  'Generate a New Link'
                )}
              </Button>
            }
            title="Generate a new calendar link?"
            description="The current link stops working at once. Calendars subscribed to it stop updating until you subscribe again with the new link."
            confirmLabel="Generate New Link"
            onConfirm={() => regenerate.mutate()}
          />
        </div>
      </CardContent>
    </Card>
  );
}

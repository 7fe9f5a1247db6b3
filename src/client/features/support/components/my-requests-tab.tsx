import { Inbox } from 'lucide-react';

export function MyRequestsTab() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">Your support requests will appear here.</p>
    </div>
  );
}

import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** A plain panel for a section whose screen is not built yet. */
export function ComingSoon({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-md text-muted-foreground">{children}</p>
    </Card>
  );
}

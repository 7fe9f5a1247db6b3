import { useId, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { CODE_SET_EDITIONS, CODE_SET_LABELS, CODE_SETS, suggestedCodeSet } from '@shared/code-sets';
import type { Property } from '@shared/schemas/property';
import { usePermissions } from '@/lib/use-permissions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CodeSetDialog } from './code-set-dialog';

/**
 * Which code the property's requirements come from, with the editions its sources cite, and
 * (for those who may change requirements) changing it after seeing what changes (issue 37 §3).
 */
export function CodeSetCard({ property }: { property: Property }) {
  const canChange = usePermissions().can('requirements.edit');
  const [open, setOpen] = useState(false);
  // Each opening starts from the property's set, with nothing previewed.
  const [opening, setOpening] = useState(0);
  const suggested = suggestedCodeSet(property);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <BookOpen aria-hidden="true" className="size-5" /> Code set
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="font-medium" data-testid="code-set-label">
          {CODE_SET_LABELS[property.codeSet]}
        </p>
        <div>
          <p className="text-muted-foreground">Editions its requirements cite:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {CODE_SET_EDITIONS[property.codeSet].map((edition) => (
              <li key={edition}>{edition}</li>
            ))}
          </ul>
        </div>
        {suggested ? (
          <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sky-900">
            Certified by CMS (Medicare and Medicaid)? Such facilities follow {CODE_SET_LABELS[suggested]}: change the code set to use its editions.
          </p>
        ) : null}
        {canChange && CODE_SETS.length > 1 ? (
          <>
            <Button
              variant="outline"
              onClick={() => {
                setOpening((n) => n + 1);
                setOpen(true);
              }}
            >
              Change code set
            </Button>
            <CodeSetDialog key={opening} property={property} open={open} onOpenChange={setOpen} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

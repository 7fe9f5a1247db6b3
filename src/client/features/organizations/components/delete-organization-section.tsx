import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { CurrentOrganization } from '@shared/schemas/organization';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { Button } from '@/components/ui/button';

const DeleteOrganizationDialog = lazyDialog(() => import('./delete-organization-dialog').then((m) => m.DeleteOrganizationDialog));

/** Settings → Organisation, for owners: deleting the organisation, set apart as the one step that cannot be undone. */
export function DeleteOrganizationSection({ organization }: { organization: CurrentOrganization }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-organization-heading" className="mt-8 rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h3 id="delete-organization-heading" className="font-semibold text-red-900">
        Delete organisation
      </h3>
      <p className="mt-1 text-sm text-red-900/80">
        Deletes {organization.name} with all its properties, inspections, reports and history, and ends every member’s access.
        {organization.plan === 'pro' ? ' Its Pro plan is cancelled at once, without refund.' : ''} This cannot be undone.
      </p>
      <Button variant="destructive" className="mt-3" onClick={() => setOpen(true)} {...reachFor(DeleteOrganizationDialog)}>
        <Trash2 aria-hidden="true" />
        Delete organisation
      </Button>
      <DeleteOrganizationDialog organization={organization} open={open} onOpenChange={setOpen} />
    </section>
  );
}

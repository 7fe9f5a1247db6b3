import { useState } from 'react';
import { Building2, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { lazyDialog, reachFor } from '@/lib/lazy-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

const CreateOrganizationDialog = lazyDialog(() => import('./create-organization-dialog').then((m) => m.CreateOrganizationDialog));

/**
 * What every page shows to someone in no organisation (theirs was deleted, or they left or were
 * removed from their last one): the server answers nothing else for them, so the page says why
 * and offers the one thing they can do.
 */
export function NoOrganization() {
  useDocumentTitle('No organisation');
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="sr-only">No organisation</h1>
      <EmptyState
        icon={Building2}
        title="You are not in any organisation"
        action={
          <Button onClick={() => setCreating(true)} {...reachFor(CreateOrganizationDialog)}>
            <Plus aria-hidden="true" />
            Create organisation
          </Button>
        }
      >
        Properties, inspections and reports belong to an organisation. Create one to start again (you will be its owner, on the
        Free plan), or, if someone has invited you, open the link in their e-mail to join theirs. Your profile and password are
        under{' '}
        <Link to="/settings" className="font-medium text-primary underline underline-offset-4">
          Settings
        </Link>
        .
      </EmptyState>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

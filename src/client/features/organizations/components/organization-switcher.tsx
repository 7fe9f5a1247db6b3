import { useState } from 'react';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { ROLE_LABELS } from '@shared/permissions';
import { lazyDialog } from '@/lib/lazy-dialog';
import { usePermissions } from '@/lib/use-permissions';
import { cn } from '@/lib/utils';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { useOrganizations } from '../api/use-organizations';
import { OrganizationSummary } from './organization-summary';
import { useSwitchOrganization } from '../api/use-switch-organization';

const CreateOrganizationDialog = lazyDialog(() => import('./create-organization-dialog').then((m) => m.CreateOrganizationDialog));

interface OrganizationSwitcherProps {
  /** Called once a choice is made (the phone menu closes). */
  onDone?: () => void;
  className?: string;
}

/**
 * The organisation in use and the caller's role in it; opens a menu of their other
 * organisations (each with its role) and "Create organisation".
 */
export function OrganizationSwitcher({ onDone, className }: OrganizationSwitcherProps) {
  const permissions = usePermissions();
  const { organization } = permissions;
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const organizations = useOrganizations(open);
  const switchTo = useSwitchOrganization();

  const createDialog = (
    <CreateOrganizationDialog
      open={creating}
      onOpenChange={(next) => {
        setCreating(next);
        if (!next) onDone?.();
      }}
    />
  );

  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger
          className={cn(
            'flex w-full min-w-0 items-center gap-3 rounded-md border bg-background px-3 py-2 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            className,
          )}
          disabled={switchTo.isPending}
        >
          {organization ? (
            <OrganizationSummary permissions={permissions} />
          ) : (
            // Someone whose membership was removed: the menu lists what is left, or starts one.
            <span className="min-w-0 flex-1 text-sm font-medium">Organisation: choose or create one</span>
          )}
          {switchTo.isPending ? <Spinner /> : <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)] min-w-64 max-w-[calc(100vw-1rem)]">
          <p className="px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Your organisations</p>
          {organizations.isPending ? (
            <DropdownMenuItem disabled>
              <Spinner /> Loading your organisations...
            </DropdownMenuItem>
          ) : organizations.isError ? (
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                void organizations.refetch();
              }}
            >
              Your organisations could not be loaded. Try again
            </DropdownMenuItem>
          ) : (
            organizations.data.map((item) => (
              <DropdownMenuItem
                key={item.id}
                aria-current={item.current ? 'true' : undefined}
                className="min-h-11"
                onSelect={() => {
                  if (item.current) return;
                  switchTo.mutate(item.id, { onSuccess: onDone });
                }}
              >
                <Check aria-hidden="true" className={cn(!item.current && 'invisible')} />
                <span className="min-w-0 flex-1 truncate">{item.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{ROLE_LABELS[item.role]}</span>
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem className="min-h-11" onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create organisation
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {createDialog}
    </>
  );
}

import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/use-permissions';

/** The way to the new-property form, wherever a screen offers it; nothing for a member who cannot add. */
export function AddPropertyLink({ children = 'Add Property' }: { children?: ReactNode }) {
  const { can } = usePermissions();
  if (!can('properties.create')) return null;
  return (
    <Button asChild>
      <Link to="/properties/new">
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

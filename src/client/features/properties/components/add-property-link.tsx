import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The way to the new-property form, wherever a screen offers it. */
export function AddPropertyLink({ children = 'Add Property' }: { children?: ReactNode }) {
  return (
    <Button asChild>
      <Link to="/properties/new">
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

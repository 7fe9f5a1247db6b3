import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/components/ui/button';

// The sheet and its dialog machinery load when the menu is first reached for, not with every page.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

export function MobileMenu() {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so its closing animation and the focus return still run.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet buttonRef={button} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

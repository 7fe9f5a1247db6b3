import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';

export function LandingNav() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Brand />
        <div className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to="/auth/login">Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/auth/signup">Get Started</Link>
          </Button>
        </div>
      </nav>
    </header>
  );
}

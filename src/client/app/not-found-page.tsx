import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex min-h-dvh flex-col bg-muted/50">
      <header className="flex justify-center px-4 py-8">
        <Brand />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 pb-24 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-800">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="max-w-md text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild>
          <Link to="/">Go back home</Link>
        </Button>
      </main>
    </div>
  );
}

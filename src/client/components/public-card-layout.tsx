import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A page for someone who may have no account or is not signed in (sign-in and its kin, a
 * manager's mail consent, a report's verification): the brand, one card, nothing else.
 * `wide` for a card that holds a table; `icon` above the title.
 */
export function PublicCardLayout({
  title,
  description,
  icon,
  wide,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-red-50 via-orange-50/40 to-background">
      <header className="flex justify-center px-4 py-8">
        <Link
          to="/"
          aria-label="Firemark home"
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <Brand />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16">
        <Card className={wide ? 'w-full max-w-lg' : 'w-full max-w-md'}>
          <CardHeader className="items-center text-center">
            {icon ? <div className="mb-2">{icon}</div> : null}
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            {description ? <CardDescription className="break-words">{description}</CardDescription> : null}
          </CardHeader>
          {children ? <CardContent className={wide ? 'space-y-4' : 'space-y-3'}>{children}</CardContent> : null}
        </Card>
      </main>
    </div>
  );
}

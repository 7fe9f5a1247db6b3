import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A page for whoever holds a report, usually without an account: the brand and one card. */
export function VerifyLayout({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
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
        <Card className="w-full max-w-lg">
          <CardHeader className="text-center">
            <CardTitle as="h1" className="text-2xl">
              {title}
            </CardTitle>
            {description ? <CardDescription className="break-words">{description}</CardDescription> : null}
          </CardHeader>
          {children ? <CardContent className="space-y-4">{children}</CardContent> : null}
        </Card>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Beside the title, such as a status or plan badge. */
  titleAside?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The page's one h1, its summary line and its main actions. */
export function PageHeader({ title, titleAside, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 tabIndex={-1} className="break-words text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">{title}</h1>
          {titleAside}
        </div>
        {description ? <div className="text-muted-foreground">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2 sm:flex-nowrap">{actions}</div> : null}
    </div>
  );
}

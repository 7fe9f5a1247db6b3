import { useEffect, useRef } from 'react';
import { Download, FileText, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { useGenerateReport } from './use-generate-report';
import { useSubscription } from '@/lib/use-subscription';
import { usePermissions } from '@/lib/use-permissions';
import { useCanUpgrade } from '@/lib/upgrade-offer';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

type Size = 'sm' | 'default';

interface GenerateReportActionProps {
  propertyId: number;
  /** Names the property for screen readers where several cards each have this action. */
  propertyName?: string;
  size?: Size;
  className?: string;
  /**
   * Where many properties are listed: a free account gets SPEC's lock icon instead of an
   * upgrade button on every card, so the screen keeps one upgrade prompt (the banner).
   */
  compact?: boolean;
}

/**
 * The "generate report" action of a property (SPEC 2): reports are premium, so free accounts
 * get an upgrade button to /billing. Pro accounts generate the PDF here and get its download
 * beside the button as soon as it is ready.
 */
export function GenerateReportAction({ propertyId, propertyName, size = 'default', className, compact }: GenerateReportActionProps) {
  const subscription = useSubscription();
  const { can } = usePermissions();
  const canUpgrade = useCanUpgrade();
  const forName = propertyName ? <span className="sr-only"> for {propertyName}</span> : null;

  // Nothing for a member who may not create reports (their reports list still shows the ones made).
  if (!can('reports.create')) return null;

  // Neither button until the plan is known, so a Pro account never sees an upgrade offer flash by.
  if (subscription.isLoading) {
    return <Skeleton className={cn(size === 'sm' ? 'h-9 w-36' : 'h-10 w-40', className)} />;
  }

  // On Free, a member who cannot upgrade is offered nothing here (the Reports page says who can).
  if (!subscription.isPremium && !canUpgrade) return null;

  if (!subscription.isPremium && compact) {
    return (
      <Button asChild variant="ghost" size={size} className={cn('text-muted-foreground', className)}>
        <Link to="/billing" title="Premium Feature - Click to upgrade">
          <Lock aria-hidden="true" />
          Reports (Pro){forName}
        </Link>
      </Button>
    );
  }

  if (!subscription.isPremium) {
    return (
      <Button asChild variant="outline" size={size} className={className}>
        <Link to="/billing" title="Premium Feature - Click to upgrade">
          <Lock aria-hidden="true" />
          Upgrade for Reports{forName}
        </Link>
      </Button>
    );
  }

  return <GenerateReportControls propertyId={propertyId} propertyName={propertyName} size={size} variant="outline" className={className} />;
}

interface GenerateReportControlsProps {
  /** Undefined while no property is chosen: generating then says so (SPEC 8). */
  propertyId: number | undefined;
  propertyName?: string;
  size?: Size;
  variant?: 'default' | 'outline';
  className?: string;
  /** Called when generating was refused for want of a property, to point at the choice. */
  onMissingProperty?: () => void;
}

/**
 * The Generate Report button of a Pro account, with its spinner while the PDF is made and a
 * Download PDF link once it exists. Also used by the Reports page's panel.
 */
export function GenerateReportControls({
  propertyId,
  propertyName,
  size = 'default',
  variant = 'default',
  className,
  onMissingProperty,
}: GenerateReportControlsProps) {
  const report = useGenerateReport();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const hadFocus = useRef(false);
  const forName = propertyName ? <span className="sr-only"> for {propertyName}</span> : null;
  // Only the chosen property's report: the panel's select may have moved on since.
  const generated = !report.isPending && report.data?.propertyId === propertyId ? report.data : undefined;

  // A button that turns disabled drops keyboard focus to the page. When that happened, focus
  // goes to what comes next: the new download, or the button again to retry.
  useEffect(() => {
    if (!hadFocus.current || report.isPending || report.isIdle) return;
    hadFocus.current = false;
    const lost = !document.activeElement || document.activeElement === document.body || document.activeElement === buttonRef.current;
    if (lost) (downloadRef.current ?? buttonRef.current)?.focus();
  }, [report.isPending, report.isIdle, report.submittedAt]);

  const onClick = () => {
    hadFocus.current = document.activeElement === buttonRef.current;
    if (!report.generate(propertyId)) onMissingProperty?.();
  };

  return (
    <span className={cn('inline-flex flex-wrap items-start gap-2', className)}>
      <Button ref={buttonRef} variant={variant} size={size} disabled={report.isPending} onClick={onClick}>
        {report.isPending ? <Spinner /> : <FileText aria-hidden="true" />}
        {report.isPending ? 'Generating...' : 'Generate Report'}
        {forName}
      </Button>
      {generated ? (
        <Button asChild variant="secondary" size={size}>
          <a ref={downloadRef} href={generated.downloadUrl} download={generated.fileName}>
            <Download aria-hidden="true" />
            Download PDF<span className="sr-only"> {generated.fileName}</span>
          </a>
        </Button>
      ) : null}
    </span>
  );
}

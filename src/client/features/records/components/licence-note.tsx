import { formatDate } from '@/lib/format-date';

/** "Licence FL-778, expired on Mar 5, 2026": an expired licence is shown, never hidden. */
export function LicenceNote({ licenceNumber, licenceExpiresOn, expired }: { licenceNumber: string | null; licenceExpiresOn: string | null; expired: boolean }) {
  if (!licenceNumber && !licenceExpiresOn) return null;
  return (
    <span className={expired ? 'font-medium text-destructive' : 'text-muted-foreground'}>
      {licenceNumber ? `Licence ${licenceNumber}` : 'Licence'}
      {licenceExpiresOn ? (expired ? `: Licence expired on ${formatDate(licenceExpiresOn)}` : `, valid until ${formatDate(licenceExpiresOn)}`) : ''}
    </span>
  );
}
